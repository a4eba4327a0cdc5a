/** Table 5 of the paper against the tree at the pinned commit, the abstract's totals, and the disagreements drawn. */
import { table5Chart } from '../../charts/charts.ts';
import { table5 as table5Cells } from '../../measures/table5.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { table5Table, table5TotalsTable } from '../../tables/datacheck.ts';

export const table5 = {
  id: 'table-5',
  title: 'Table 5, paper against tree',
  properties: ['P9'],
  evidence: (a) => {
    const t = table5Cells(a);
    return [
      {
        table: table5Table(a),
        note: [
          { fig: t.disagreeing },
          ' of the ',
          { fig: t.compared },
          " cells disagree; each is marked in the tree column. The paper's side is cited as ",
          { words: { text: a.datacheck.table_5, source: { type: 'artifact', file: 'results/datacheck.json', pointer: '/table_5' } } },
          '.',
        ],
      },
      { table: table5TotalsTable(a) },
      { chart: table5Chart(a) },
    ];
  },
} as const satisfies FindingDescriptor;
