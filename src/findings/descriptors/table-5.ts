/** Table 5 of the paper against the tree at the pinned commit, the abstract's totals, and the disagreements drawn. */
import { table5Chart } from '../../charts/charts.ts';
import { abstractCounts, abstractErrorGap } from '../../measures/abstract-counts.ts';
import { table5 as table5Cells } from '../../measures/table5.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { table5Table, table5TotalsTable } from '../../tables/datacheck.ts';
import { say } from '../../core/strings.ts';

export const table5 = {
  id: 'table-5',
  title: 'Table 5, paper against tree',
  properties: ['P9'],
  evidence: (a) => {
    const t = table5Cells(a);
    const traces = abstractCounts(a).find((c) => c.what === 'traces')!;
    return [
      {
        table: table5Table(a),
        note: [
          { fig: t.disagreeing },
          ' of the ',
          { fig: t.compared },
          say('findings/descriptors/table-5.note'),
          {
            words: {
              text: a.datacheck.table_5,
              source: { type: 'artifact', file: 'results/datacheck.json', pointer: '/table_5' },
            },
          },
          say('findings/descriptors/table-5.note-2'),
        ],
      },
      {
        table: table5TotalsTable(a),
        note: [
          say('findings/descriptors/table-5.note-3'),
          { fig: abstractErrorGap(a) },
          say('findings/descriptors/table-5.note-4'),
          ...(traces.abstract.value === traces.tree.value
            ? [say('findings/descriptors/table-5.note-5'), { fig: traces.tree }, '.']
            : [
                say('findings/descriptors/table-5.abstract-total'),
                { fig: traces.abstract },
                say('findings/descriptors/table-5.not-the-trees'),
                { fig: traces.tree },
                '.',
              ]),
        ],
      },
      { chart: table5Chart(a) },
    ];
  },
} as const satisfies FindingDescriptor;
