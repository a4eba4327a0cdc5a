/** The gold files that do not parse, where the reader stops, and the traces the run walked past (when there are any). */
import type { FindingDescriptor } from './descriptor.ts';
import { walkedPastTable } from '../../tables/adversarial.ts';
import { unreadableTable } from '../../tables/datacheck.ts';
import { say } from '../../core/strings.ts';

export const unreadableGold = {
  id: 'unreadable-gold',
  title: say('findings/descriptors/unreadable-gold.title'),
  properties: ['P3'],
  evidence: (a) => {
    const walked = walkedPastTable(a);
    // Said only while it is so (the same test as the report's checked sentence): the words a reader searches for.
    const u = a.datacheck.unreadable;
    const comma = u.length === 1 && u[0]!.character === ',';
    const note = comma ? [say('findings/descriptors/unreadable-gold.note')] : undefined;
    return [
      { table: unreadableTable(a), ...(note ? { note } : {}) },
      ...(walked.table.rows.length > 0 ? [{ table: walked }] : []),
    ];
  },
} as const satisfies FindingDescriptor;
