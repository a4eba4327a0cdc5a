/** Gold spellings that are not taxonomy labels, and where the normaliser sends them. */
import type { FindingDescriptor } from './descriptor.ts';
import { driftTable } from '../../tables/normaliser.ts';
import { say } from '../../core/strings.ts';

export const drift = {
  id: 'drift',
  title: say('findings/descriptors/drift.title'),
  properties: ['P4'],
  evidence: (a) => [{ table: driftTable(a) }],
} as const satisfies FindingDescriptor;
