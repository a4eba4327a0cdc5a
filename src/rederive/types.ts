/** A re-derivation: our own computation of leaves an artifact reports, compared at admission. */
import type { Artifacts } from '../admission/types.ts';
import type { ArtifactPath } from '../admission/schemas.ts';

export interface Comparison {
  readonly file: ArtifactPath;
  readonly pointer: string;
  readonly reported: unknown;
  readonly ours: unknown;
  /** For floats an artifact stores unrounded: the largest difference taken as equal. */
  readonly tolerance?: number;
}

/** A comparison, its keys in the order the method page and the packets write them. */
export const compare = (
  file: ArtifactPath,
  pointer: string,
  reported: unknown,
  ours: unknown,
  tolerance?: number,
): Comparison =>
  tolerance === undefined ? { file, pointer, reported, ours } : { file, pointer, reported, ours, tolerance };

export interface Rederivation {
  /** A stable name, used in anchors (/method/#rederive-name) and error messages. */
  readonly name: string;
  readonly title: string;
  /** What is recomputed and from what, in a sentence or two. */
  readonly explanation: string;
  /** The module holding the computation, shown on the method page. */
  readonly source: string;
  /** The properties whose evidence it recomputes. */
  readonly properties: readonly string[];
  readonly run: (a: Artifacts) => readonly Comparison[];
}

export type RederivationResult = Omit<Rederivation, 'run'> & { readonly comparisons: readonly Comparison[] };

/** The pinned taxonomy, in the scorer's list order: the key order of shortest_reaching. */
export function pinnedTaxonomy(a: Artifacts): string[] {
  return Object.keys(a.normaliser.shortest_reaching);
}

/** A count a magnitude string states up front, such as "2 of 836 ...": [2, 836]. */
export function statedCount(magnitude: string): [number, number] | undefined {
  const m = /^(\d[\d,]*) of (?:the )?(\d[\d,]*)\b/.exec(magnitude);
  return m ? [Number(m[1]!.replaceAll(',', '')), Number(m[2]!.replaceAll(',', ''))] : undefined;
}
