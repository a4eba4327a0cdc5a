/** Category F-score ignores where: the scores, a chart, and each identical block side by side. */
import { say } from '../../core/strings.ts';
import { toPointer } from '../../admission/pointer.ts';
import { perCategoryChart } from '../../charts/charts.ts';
import type { EvidenceItem, FindingDescriptor } from './descriptor.ts';
import { perCategoryBlockTables, perCategoryTable } from '../../tables/catf1.ts';

export const perCategory = {
  id: 'per-category',
  title: say('findings/descriptors/per-category.title'),
  properties: ['P7'],
  evidence: (a) => [
    { table: perCategoryTable(a) },
    ...perCategoryChart(a).map((chart): EvidenceItem => ({ chart })),
    ...perCategoryBlockTables(a).map((b): EvidenceItem => ({
      details: {
        summary: [
          say('findings/descriptors/per-category.block'),
          {
            words: {
              text: b.split,
              source: { type: 'artifact', file: 'results/catf1.json', pointer: toPointer(['rows', b.row, 'split']) },
            },
            as: 'name',
          },
          ', column for column',
        ],
        items: [{ table: b }],
      },
    })),
  ],
} as const satisfies FindingDescriptor;
