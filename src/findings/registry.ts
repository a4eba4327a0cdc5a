/**
 * The findings the audit publishes, one
 * descriptor file each in descriptors/. This list is the single source: the pages
 * place findings from it, property pages and evidence packets gather theirs by
 * property, the CSV routes and the census take every table from it, and the build
 * checks both ways that every finding is placed and every placed finding is here.
 */
import type { Audit } from '../audit/assemble.ts';
import type { PropertyName } from '../core/names.ts';
import { tablesOf, type EvidenceItem, type FindingDescriptor } from './descriptors/descriptor.ts';
import { absentLocations } from './descriptors/absent-locations.ts';
import { ceiling } from './descriptors/ceiling.ts';
import { claim } from './descriptors/claim.ts';
import { committedFiles } from './descriptors/committed-files.ts';
import { conditions } from './descriptors/conditions.ts';
import { containment } from './descriptors/containment.ts';
import { fileCounts } from './descriptors/file-counts.ts';
import { drift } from './descriptors/drift.ts';
import { elevenPercent } from './descriptors/eleven-percent.ts';
import { fallback } from './descriptors/fallback.ts';
import { headline } from './descriptors/headline.ts';
import { nullCategory } from './descriptors/null-category.ts';
import { perCategory } from './descriptors/per-category.ts';
import { pin } from './descriptors/pin.ts';
import { precision } from './descriptors/precision.ts';
import { shuffle } from './descriptors/shuffle.ts';
import { table5 } from './descriptors/table-5.ts';
import { teaser } from './descriptors/teaser.ts';
import { unreadableGold } from './descriptors/unreadable-gold.ts';
import { changeTables } from '../tables/changes.ts';
import { artifactsTable } from '../tables/site.ts';
import type { TableSpec } from '../tables/spec.ts';
import type { ChartSpec } from '../charts/charts.ts';

/** In the report's order. */
export const FINDINGS = [
  claim,
  teaser,
  conditions,
  fileCounts,
  elevenPercent,
  headline,
  ceiling,
  absentLocations,
  precision,
  unreadableGold,
  drift,
  containment,
  fallback,
  shuffle,
  perCategory,
  nullCategory,
  table5,
  pin,
  committedFiles,
] as const satisfies readonly FindingDescriptor[];

export type FindingId = (typeof FINDINGS)[number]['id'];

/** The findings' ids, in the report's order. */
export const FINDING_IDS: readonly FindingId[] = FINDINGS.map((f) => f.id);

export function isFindingId(id: string): id is FindingId {
  return (FINDING_IDS as readonly string[]).includes(id);
}

export function finding(id: FindingId): FindingDescriptor {
  return FINDINGS.find((f) => f.id === id)!;
}

export function findingsOf(property: PropertyName): FindingId[] {
  return FINDINGS.filter((f) => (f.properties as readonly string[]).includes(property)).map((f) => f.id);
}

/** The findings a property's page shows under Evidence: its own, but the claim, whose table opens the report. */
export function pageFindingsOf(property: PropertyName): FindingId[] {
  return findingsOf(property).filter((id) => id !== 'claim');
}

// A finding's evidence is built once per audit: the report, its property pages, its
// evidence packet and the CSV routes all ask for it, and each chart in it is drawn
// with Plot at two widths, so it is drawn once, not once per ask.
const built = new WeakMap<Audit, Map<FindingId, readonly EvidenceItem[]>>();

/** A finding's tables and charts for this audit, built on first ask. */
export function evidenceOf(a: Audit, id: FindingId): readonly EvidenceItem[] {
  let byId = built.get(a);
  if (!byId) built.set(a, (byId = new Map()));
  let items = byId.get(id);
  if (!items) byId.set(id, (items = finding(id).evidence(a)));
  return items;
}

/** The tables that carry a finding's figures (the prose findings carry theirs inline). */
export function findingTables(a: Audit, id: FindingId): TableSpec[] {
  return tablesOf(evidenceOf(a, id));
}

/** Every chart the site shows, in the report's order: each is also published as an image (src/pages/data/[chart].svg.ts). */
export function allCharts(a: Audit): ChartSpec[] {
  return FINDING_IDS.flatMap((id) => evidenceOf(a, id).flatMap((item) => ('chart' in item ? [item.chart] : [])));
}

/** Every table the site shows: each finding's, the method page's list of artifacts, then the change records'. */
export function allTables(a: Audit): TableSpec[] {
  const tables = [...FINDING_IDS.flatMap((id) => tablesOf(evidenceOf(a, id))), artifactsTable(a), ...changeTables(a)];
  const ids = tables.map((t) => t.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`two tables share the id ${twice.join(', ')}`);
  return tables;
}
