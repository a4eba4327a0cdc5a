/**
 * Figures the paper states and no artifact holds. One typed source, each entry
 * citing where in the paper it stands, rendered through the same figure component.
 */
import type { Figure } from './provenance.ts';

export const PAPER_ID = 'arXiv:2505.08638v3';

export const PAPER_FIGURES = {
  /** The abstract's headline: the best model's joint accuracy over both splits, stated as a whole percent. */
  combinedJoint: {
    value: 0.11,
    kind: 'percent',
    source: { type: 'paper', citation: `${PAPER_ID}, abstract: the best model's combined joint accuracy` },
  },
} as const satisfies Record<string, Figure>;
