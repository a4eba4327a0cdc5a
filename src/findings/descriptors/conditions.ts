/** The nine pre-registered properties and their verdicts, in one grid. */
import { say } from '../../core/strings.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { verdictsTable } from '../../tables/site.ts';

export const conditions = {
  id: 'conditions',
  title: say('findings/descriptors/conditions.title'),
  properties: [],
  indexedOnPropertyPages: true,
  evidence: (a) => [{ table: verdictsTable(a), note: [say('findings/descriptors/conditions.note')] }],
} as const satisfies FindingDescriptor;
