/** P8: the constructed trace, the three ways it is scored, and what the real gold holds. */
import type { FindingDescriptor } from './descriptor.ts';
import { constructedTraceTable, nullRunsTable, realGoldTable } from '../../tables/pairing.ts';

export const nullCategory = {
  id: 'null-category',
  title: 'One null category and the pairing slides',
  properties: ['P8'],
  evidence: (a) => [{ table: constructedTraceTable(a) }, { table: nullRunsTable(a) }, { table: realGoldTable(a) }],
} as const satisfies FindingDescriptor;
