/** Figures the paper states and no artifact holds, each citing where in the paper it stands. */
import type { Figure } from './provenance.ts';
import { PAPER_BASE_ID } from './sources.ts';
import { say } from '../core/strings.ts';

export const PAPER_FIGURES = {
  /** The abstract's headline: the best model's joint accuracy over both splits, stated as a whole percent. */
  combinedJoint: {
    value: 0.11,
    kind: 'percent',
    source: {
      type: 'paper',
      citation: say('provenance/paper.citation', PAPER_BASE_ID),
    },
  },
} as const satisfies Record<string, Figure>;
