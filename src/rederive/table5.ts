/** Table 5's disagreements, counted, against the count P9's magnitude states. */
import { statedCount, type Comparison, type Rederivation } from './types.ts';

export const table5Rederivation: Rederivation = {
  name: 'table-5',
  title: 'Table 5 cells where paper and tree disagree',
  explanation: "Compares every Table 5 cell the audit records, paper against tree, and counts the ones that differ; P9's magnitude must state that count of that many cells.",
  source: 'src/rederive/table5.ts',
  properties: ['P9'],
  run: (a) => {
    const cells = Object.values(a.datacheck.splits).flatMap((s) => (Object.keys(s.here) as (keyof typeof s.here)[]).map((k) => s.here[k] !== s.paper[k]));
    const stated = statedCount(a.datacheck.properties['P9']?.magnitude ?? '');
    const out: Comparison[] = [
      { file: 'results/datacheck.json', pointer: '/properties/P9/magnitude', reported: stated?.[0], ours: cells.filter(Boolean).length },
      { file: 'results/datacheck.json', pointer: '/properties/P9/magnitude', reported: stated?.[1], ours: cells.length },
    ];
    return out;
  },
};
