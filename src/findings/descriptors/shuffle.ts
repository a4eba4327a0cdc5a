/** P5's evidence: every rescored figure under the pinned and the shuffled taxonomy, and the order-dependent strings. */
import { toPointer } from '../../admission/pointer.ts';
import { leaf } from '../../provenance/provenance.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { orderDependentTable, shuffleScoresTable } from '../../tables/normaliser.ts';
import { say } from '../../core/strings.ts';

const F = 'results/normaliser.json' as const;

export const shuffle = {
  id: 'shuffle',
  title: say('findings/descriptors/shuffle.title'),
  properties: ['P5'],
  evidence: (a) => [
    { table: shuffleScoresTable(a), caption: ['(seed ', { fig: leaf(a, F, '/shuffle/seed', 'integer') }, ')'] },
    {
      details: {
        id: 'order-dependent-strings',
        summary: [
          'All ',
          { fig: leaf(a, F, '/order_dependent/count', 'count') },
          say('findings/descriptors/shuffle.summary'),
        ],
        items: [{ table: orderDependentTable(a) }],
        list: {
          intro: say('findings/descriptors/shuffle.intro'),
          items: a.normaliser.shuffle.taxonomy.map((text, i) => ({
            text,
            source: { type: 'artifact', file: F, pointer: toPointer(['shuffle', 'taxonomy', i]) },
          })),
        },
      },
    },
  ],
} as const satisfies FindingDescriptor;
