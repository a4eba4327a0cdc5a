/** The abstract's eleven percent against Table 1: the means that might give it. */
import type { FindingDescriptor } from './descriptor.ts';
import { elevenPercentTable } from '../../tables/adversarial.ts';
import { say } from '../../core/strings.ts';

export const elevenPercent = {
  id: 'eleven-percent',
  title: say('findings/descriptors/eleven-percent.title'),
  properties: ['P1'],
  evidence: (a) => [{ table: elevenPercentTable(a) }],
} as const satisfies FindingDescriptor;
