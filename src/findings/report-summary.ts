/**
 * How the report shows a finding's evidence, so that it summarises (a phone reader scrolled past
 * some fifty thousand pixels of tables and charts before): the opening table stays; the evidence of
 * a finding with a property page moves there, named by links that say what each table and chart
 * holds; a finding with no property page of its own keeps its evidence, collapsed.
 */
import type { FindingDescriptor } from './descriptors/descriptor.ts';

export type ReportPlacement = 'inline' | 'collapsed' | 'elsewhere';

/** The findings whose evidence the report shows as it is: the opening table, with the headline figure beside the best published one, and the map of the counts of files, traces and errors. */
const INLINE: readonly string[] = ['teaser', 'file-counts'];

export function reportPlacement(f: Pick<FindingDescriptor, 'id' | 'properties'>): ReportPlacement {
  if (INLINE.includes(f.id)) return 'inline';
  return f.properties.length > 0 ? 'elsewhere' : 'collapsed';
}
