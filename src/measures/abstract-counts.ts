/** The abstract's corpus counts beside Table 5's totals and the tree's, and the counts that reconcile them. */
import type { Audit } from '../audit/assemble.ts';
import { derived, leaf, ref, type Figure } from '../provenance/provenance.ts';
import { toPointer } from '../admission/pointer.ts';

/** The tree's traces come from the span index, its errors from the gold files that parse (the audit's Table 5 note). */
const COVERS = {
  traces: 'traces (the tree: every trace in the span index)',
  errors: 'errors (the tree: the gold files that parse)',
} as const;

export function abstractCounts(a: Audit) {
  const splits = Object.keys(a.datacheck.splits);
  return (['traces', 'errors'] as const).map((what) => {
    const sum = (side: 'paper' | 'here') =>
      derived(
        `table-5/total-${side}-${what}`,
        splits.reduce((n, s) => n + a.datacheck.splits[s]![side][what], 0),
        'count',
        splits.map((s) => ref('results/datacheck.json', toPointer(['splits', s, side, what]))),
      );
    return {
      what,
      label: COVERS[what],
      abstract: leaf(a, 'results/datacheck.json', toPointer(['paper_prose', what]), 'count'),
      table5: sum('paper'),
      tree: sum('here'),
    };
  });
}

/** One of abstractCounts' figures, by what it counts and which column. */
export function abstractCount(a: Audit, what: 'traces' | 'errors', column: 'abstract' | 'table5' | 'tree'): Figure {
  return abstractCounts(a).find((c) => c.what === what)![column];
}

/** The abstract's error count less the errors in the gold files that parse: the audit reports that the one file that does not load holds them. */
export function abstractErrorGap(a: Audit): Figure {
  const c = abstractCounts(a).find((x) => x.what === 'errors')!;
  return derived('table-5/abstract-error-gap', c.abstract.value - c.tree.value, 'count', [
    ref('results/datacheck.json', '/paper_prose/errors'),
    ...Object.keys(a.datacheck.splits).map((s) =>
      ref('results/datacheck.json', toPointer(['splits', s, 'here', 'errors'])),
    ),
  ]);
}

/** The gold files the scorer scored, both splits together. */
export function filesScored(a: Audit): Figure {
  const splits = Object.keys(a.adversarial.splits);
  return derived(
    'adversarial/files-scored',
    splits.reduce((n, s) => n + a.adversarial.splits[s]!.gold_files_scored, 0),
    'count',
    splits.map((s) => ref('results/adversarial.json', toPointer(['splits', s, 'gold_files_scored']))),
  );
}
