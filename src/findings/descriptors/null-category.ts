/** P8: the constructed trace, the three ways it is scored, and what the real gold holds. */
import type { FindingDescriptor } from './descriptor.ts';
import { constructedTraceTable, nullRunsTable, realGoldTable } from '../../tables/pairing.ts';
import { say } from '../../core/strings.ts';

export const nullCategory = {
  id: 'null-category',
  title: say('findings/descriptors/null-category.title'),
  properties: ['P8'],
  evidence: (a) => [{ table: constructedTraceTable(a) }, { table: nullRunsTable(a) }, { table: realGoldTable(a) }],
} as const satisfies FindingDescriptor;
