/** The abstract's corpus counts beside Table 5's totals and the tree's. */
import type { Audit } from '../audit/assemble.ts';
import { derived, leaf, ref, type Figure } from '../provenance/provenance.ts';
import { toPointer } from '../admission/pointer.ts';

export interface AbstractCount {
  readonly what: 'traces' | 'errors';
  readonly abstract: Figure;
  readonly table5: Figure;
  readonly tree: Figure;
}

export function abstractCounts(a: Audit): AbstractCount[] {
  const splits = Object.keys(a.datacheck.splits);
  return (['traces', 'errors'] as const).map((what) => {
    const sum = (side: 'paper' | 'here') =>
      derived(`table-5/total-${side}-${what}`, splits.reduce((n, s) => n + a.datacheck.splits[s]![side][what], 0), 'count', splits.map((s) => ref('results/datacheck.json', toPointer(['splits', s, side, what]))));
    return { what, abstract: leaf(a, 'results/datacheck.json', toPointer(['paper_prose', what]), 'count'), table5: sum('paper'), tree: sum('here') };
  });
}
