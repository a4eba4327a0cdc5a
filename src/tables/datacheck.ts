/** Tables from the data check: the unreadable gold and Table 5. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { abstractCounts } from '../measures/abstract-counts.ts';
import { PARSED_ONLY_MARK, table5 } from '../measures/table5.ts';
import { keyWords } from '../provenance/provenance.ts';
import { figCell, identCell, wordsCell } from './cells.ts';
import { cols, num, type Column, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

const F = 'results/datacheck.json' as const;

export function unreadableTable(a: Audit): TableSpec {
  return {
    id: 'table-unreadable-gold',
    caption: say('tables/datacheck.unreadableTable.caption'),
    table: {
      columns: cols('split', 'trace', num('line'), num('column'), 'character'),
      rows: a.datacheck.unreadable.map((_, i) => [
        wordsCell(a, F, ['unreadable', i, 'split']),
        identCell(a, F, ['unreadable', i, 'trace']),
        figCell(a, F, ['unreadable', i, 'line'], 'integer'),
        figCell(a, F, ['unreadable', i, 'column'], 'integer'),
        wordsCell(a, F, ['unreadable', i, 'character'], 'name'),
      ]),
    },
  };
}

export function table5Table(a: Audit): TableSpec {
  const t = table5(a);
  const columns: Column[] = [{ label: 'count' }];
  for (const s of t.splits) {
    const label = keyWords(F, toPointer(['splits', s]));
    columns.push({ label, suffix: 'paper', numeric: true }, { label, suffix: 'tree', numeric: true });
  }
  return {
    id: 'table-5',
    caption: say('tables/datacheck.table5Table.caption'),
    table: {
      columns,
      rows: t.rows.map((r) => [
        { label: r.label + (r.parsedOnly ? PARSED_ONLY_MARK : '') },
        ...r.cells.flatMap((c) => [{ fig: c.paper }, c.disagree ? { fig: c.here, flag: 'differs' } : { fig: c.here }]),
      ]),
    },
  };
}

export function table5TotalsTable(a: Audit): TableSpec {
  return {
    id: 'table-5-totals',
    caption: say('tables/datacheck.table5TotalsTable.caption'),
    table: {
      columns: cols(
        say('tables/datacheck.label'),
        num("the paper's abstract"),
        num('Table 5, summed'),
        num('the tree, summed'),
      ),
      rows: abstractCounts(a).map((c) => [{ label: c.label }, { fig: c.abstract }, { fig: c.table5 }, { fig: c.tree }]),
    },
  };
}
