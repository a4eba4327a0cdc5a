/** Containment runs one way: one spelling rescued onto a longer label, one dropped. */
import { say } from '../../core/strings.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { containmentTable } from '../../tables/normaliser.ts';

export const containment = {
  id: 'containment',
  title: say('findings/descriptors/containment.title'),
  properties: ['P4', 'P6'],
  evidence: (a) => [{ table: containmentTable(a) }],
} as const satisfies FindingDescriptor;
