/** The gold files that do not parse, where the reader stops, and the traces the run walked past (when there are any). */
import type { FindingDescriptor } from './descriptor.ts';
import { walkedPastTable } from '../../tables/adversarial.ts';
import { unreadableTable } from '../../tables/datacheck.ts';

export const unreadableGold = {
  id: 'unreadable-gold',
  title: 'The gold file that does not parse',
  properties: ['P3'],
  evidence: (a) => {
    const walked = walkedPastTable(a);
    return [{ table: unreadableTable(a) }, ...(walked.table.rows.length > 0 ? [{ table: walked }] : [])];
  },
} as const satisfies FindingDescriptor;
