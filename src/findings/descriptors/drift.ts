/** Gold spellings that are not taxonomy labels, and where the normaliser sends them. */
import type { FindingDescriptor } from './descriptor.ts';
import { driftTable } from '../../tables/normaliser.ts';

export const drift = {
  id: 'drift',
  title: 'Gold labels outside the taxonomy',
  properties: ['P4'],
  evidence: (a) => [{ table: driftTable(a) }],
} as const satisfies FindingDescriptor;
