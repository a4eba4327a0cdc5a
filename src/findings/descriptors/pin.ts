/** What was measured: the pins, shown by the report's PinBlock; no table of its own. */
import type { FindingDescriptor } from './descriptor.ts';

export const pin = {
  id: 'pin',
  title: 'What was measured',
  properties: [],
  evidence: () => [],
} as const satisfies FindingDescriptor;
