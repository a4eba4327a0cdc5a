/**
 * How the report shows a finding's evidence, so that it summarises (a phone reader scrolled past
 * some fifty thousand pixels of tables and charts before): the opening table stays; the evidence of
 * a finding with a property page moves there, named by links that say what each table and chart
 * holds; a finding with no property page of its own keeps its evidence, collapsed.
 */
import type { FindingDescriptor } from './descriptors/descriptor.ts';

export type ReportPlacement = 'inline' | 'collapsed' | 'elsewhere';

/**
 * The findings the report shows whatever their pages: the opening table as it is (the headline figure beside the
 * best published one), and, collapsed where the counts first appear, the map of the counts of files and errors.
 */
const SHOWN: Readonly<Record<string, ReportPlacement>> = { teaser: 'inline', 'file-counts': 'collapsed' };

export function reportPlacement(f: Pick<FindingDescriptor, 'id' | 'properties'>): ReportPlacement {
  return SHOWN[f.id] ?? (f.properties.length > 0 ? 'elsewhere' : 'collapsed');
}
