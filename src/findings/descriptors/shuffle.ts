/** P5's evidence: every rescored figure under the pinned and the shuffled taxonomy, and the order-dependent strings. */
import { toPointer } from '../../admission/pointer.ts';
import { leaf } from '../../provenance/provenance.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { orderDependentTable, shuffleScoresTable } from '../../tables/normaliser.ts';

const F = 'results/normaliser.json' as const;

export const shuffle = {
  id: 'shuffle',
  title: 'An order dependence that moves no published figure',
  properties: ['P5'],
  evidence: (a) => [
    { table: shuffleScoresTable(a), caption: ['(seed ', { fig: leaf(a, F, '/shuffle/seed', 'integer') }, ')'] },
    {
      details: {
        id: 'order-dependent-strings',
        summary: [
          'All ',
          { fig: leaf(a, F, '/order_dependent/count', 'count') },
          " substrings whose label depends on the taxonomy's order",
        ],
        items: [{ table: orderDependentTable(a) }],
        list: {
          intro: 'The shuffled order the audit used:',
          items: a.normaliser.shuffle.taxonomy.map((text, i) => ({
            text,
            source: { type: 'artifact', file: F, pointer: toPointer(['shuffle', 'taxonomy', i]) },
          })),
        },
      },
    },
  ],
} as const satisfies FindingDescriptor;
