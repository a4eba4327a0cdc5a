/** Why nothing reaches a perfect score: the reachable ceiling per split. */
import { say } from '../../core/strings.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { ceilingTable } from '../../tables/adversarial.ts';

export const ceiling = {
  id: 'ceiling',
  title: say('findings/descriptors/ceiling.title'),
  properties: ['P1'],
  evidence: (a) => [{ table: ceilingTable(a) }],
} as const satisfies FindingDescriptor;
