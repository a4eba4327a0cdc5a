/** Every taxonomy substring through the normaliser, once per admission, for the three re-derivations that read it. */
import type { Artifacts } from '../admission/types.ts';
import { sweepSubstrings } from './scorer/normalize.ts';
import { pinnedTaxonomy } from './types.ts';

export interface TaxonomyAnalysis {
  readonly taxonomy: readonly string[];
  readonly substrings: readonly string[];
  /** For each substring: the label the pinned normaliser sends it to, and how many labels contain it. */
  readonly reaches: ReadonlyMap<string, string>;
  readonly containing: ReadonlyMap<string, number>;
}

const cache = new WeakMap<object, TaxonomyAnalysis>();

export function analyseTaxonomy(a: Artifacts): TaxonomyAnalysis {
  let analysis = cache.get(a.normaliser);
  if (!analysis) {
    const taxonomy = pinnedTaxonomy(a);
    analysis = { taxonomy, ...sweepSubstrings(taxonomy) };
    cache.set(a.normaliser, analysis);
  }
  return analysis;
}
