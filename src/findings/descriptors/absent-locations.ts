/** Gold locations that are not spans of the trace they annotate. */
import type { FindingDescriptor } from './descriptor.ts';
import { absentLocationsTable } from '../../tables/adversarial.ts';

export const absentLocations = {
  id: 'absent-locations',
  title: 'Gold locations that are not spans',
  properties: ['P2'],
  evidence: (a) => [{ table: absentLocationsTable(a) }],
} as const satisfies FindingDescriptor;
