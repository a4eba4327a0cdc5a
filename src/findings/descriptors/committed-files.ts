/** The committed files, counted. */
import type { FindingDescriptor } from './descriptor.ts';
import { committedFilesTable } from '../../tables/site.ts';

export const committedFiles = {
  id: 'committed-files',
  title: 'The committed files, counted',
  properties: [],
  evidence: (a) => [{ table: committedFilesTable(a) }],
} as const satisfies FindingDescriptor;
