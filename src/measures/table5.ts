/** Table 5, paper against tree: which cells disagree, and how many. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { derived, leaf, ref } from '../provenance/provenance.ts';
import type { Table5Counts } from '../admission/schemas.ts';
import { table5Disagreements } from '../rederive/table5.ts';

export const TABLE5_ROWS = [
  ['traces', 'total traces'],
  ['spans', 'total spans'],
  ['errors', 'total errors'],
  ['unique_error_spans', 'unique error spans'],
  ['traces_with_errors', 'traces with an error'],
] as const satisfies readonly (readonly [keyof Table5Counts, string])[];

/** The rows the audit counts, on the tree's side, over the gold files that parse only (its note under Table 5); the others come from the span index. */
export const PARSED_ONLY: ReadonlySet<keyof Table5Counts> = new Set([
  'errors',
  'unique_error_spans',
  'traces_with_errors',
]);
/** What marks such a row in a table and a chart. */
export const PARSED_ONLY_MARK = ' (tree: files that parse)';

export function table5(audit: Audit) {
  const splits = Object.keys(audit.datacheck.splits);
  const rows = TABLE5_ROWS.map(([key, label]) => ({
    key,
    label,
    parsedOnly: PARSED_ONLY.has(key),
    cells: splits.map((split) => {
      const at = (side: 'paper' | 'here') =>
        leaf(audit, 'results/datacheck.json', toPointer(['splits', split, side, key]), 'count');
      const paper = at('paper');
      const here = at('here');
      return { paper, here, disagree: paper.value !== here.value };
    }),
  }));
  const counts = table5Disagreements(audit);
  const inputs = splits.map((s) => ref('results/datacheck.json', toPointer(['splits', s])));
  return {
    splits,
    rows,
    compared: derived('table-5/cells-compared', counts.compared, 'integer', inputs),
    disagreeing: derived('table-5/cells-disagreeing', counts.disagreeing, 'integer', inputs),
  };
}
