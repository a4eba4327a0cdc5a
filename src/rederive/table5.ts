/** Table 5's disagreements, counted, against the count P9's magnitude states. */
import type { Artifacts } from '../admission/types.ts';
import { compare, statedCount, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const DC = 'results/datacheck.json' as const;

/** Every Table 5 cell the audit records, paper against tree: how many, and how many differ. In one place. */
export function table5Disagreements(a: Artifacts): { compared: number; disagreeing: number } {
  const cells = Object.values(a.datacheck.splits).flatMap((s) =>
    (Object.keys(s.here) as (keyof typeof s.here)[]).map((k) => s.here[k] !== s.paper[k]),
  );
  return { compared: cells.length, disagreeing: cells.filter(Boolean).length };
}

export const table5Rederivation: Rederivation = {
  name: 'table-5',
  title: say('rederive/table5.title'),
  explanation: say('rederive/table5.explanation'),
  source: 'src/rederive/table5.ts',
  properties: ['P9'],
  run: (a) => {
    const { compared, disagreeing } = table5Disagreements(a);
    const stated = statedCount(a.datacheck.properties['P9']?.magnitude ?? '');
    const out: Comparison[] = [
      compare(DC, '/properties/P9/magnitude', stated?.[0], disagreeing),
      compare(DC, '/properties/P9/magnitude', stated?.[1], compared),
    ];
    return out;
  },
};
