/** Gold locations that are not spans of the trace they annotate. */
import type { FindingDescriptor } from './descriptor.ts';
import { absentLocationsTable } from '../../tables/adversarial.ts';
import { say } from '../../core/strings.ts';

export const absentLocations = {
  id: 'absent-locations',
  title: say('findings/descriptors/absent-locations.title'),
  properties: ['P2'],
  evidence: (a) => [{ table: absentLocationsTable(a) }],
} as const satisfies FindingDescriptor;
