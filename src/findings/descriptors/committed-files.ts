/** The committed files, counted. */
import { say } from '../../core/strings.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { committedFilesTable } from '../../tables/site.ts';

export const committedFiles = {
  id: 'committed-files',
  title: say('findings/descriptors/committed-files.title'),
  properties: [],
  evidence: (a) => [{ table: committedFilesTable(a) }],
} as const satisfies FindingDescriptor;
