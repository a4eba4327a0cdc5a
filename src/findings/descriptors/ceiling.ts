/** Why nothing reaches a perfect score: the reachable ceiling per split. */
import type { FindingDescriptor } from './descriptor.ts';
import { ceilingTable } from '../../tables/adversarial.ts';

export const ceiling = {
  id: 'ceiling',
  title: 'Why no row reaches a perfect joint or location accuracy',
  properties: ['P1'],
  evidence: (a) => [{ table: ceilingTable(a) }],
} as const satisfies FindingDescriptor;
