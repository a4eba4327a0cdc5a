/** The claim: carried by the report's prose, with the teaser table as its evidence. */
import type { FindingDescriptor } from './descriptor.ts';

export const claim = {
  id: 'claim',
  title: 'The claim',
  properties: ['P1'],
  evidence: () => [],
} as const satisfies FindingDescriptor;
