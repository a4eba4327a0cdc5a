/** The counts of gold files, traces and errors the pages print, side by side, so each figure says which it is. */
import type { FindingDescriptor } from './descriptor.ts';
import { fileCountsTable } from '../../tables/site.ts';
import { say } from '../../core/strings.ts';

export const fileCounts = {
  id: 'file-counts',
  title: say('findings/descriptors/file-counts.title'),
  properties: ['P3'],
  evidence: (a) => [{ table: fileCountsTable(a) }],
} as const satisfies FindingDescriptor;
