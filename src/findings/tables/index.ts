/** Every table the site shows, for the CSV downloads and the checks that cover them all. */
import type { Audit } from '../../audit/assemble.ts';
import { splitNames } from '../../derive/splits.ts';
import { absentLocationsTable, ceilingTable, elevenPercentTable, headlineTable, precisionTable, teaserTable, walkedPastTable } from './adversarial.ts';
import { perCategoryBlockTables, perCategoryTable } from './catf1.ts';
import { table5Table, table5TotalsTable, unreadableTable } from './datacheck.ts';
import { containmentTable, driftTable, orderDependentTable, probesTable, shortestReachingTable, shuffleScoresTable } from './normaliser.ts';
import { constructedTraceTable, nullRunsTable, realGoldTable } from './pairing.ts';
import { artifactsTable, committedFilesTable, verdictsTable } from './site.ts';
import { changeTables } from './changes.ts';
import type { TableSpec } from './spec.ts';
import type { FindingId } from '../registry.ts';

/**
 * The tables that carry each finding's figures (the prose findings carry theirs inline).
 * A test checks this against the tables each finding's section holds on the built pages.
 */
export function findingTables(a: Audit, id: FindingId): TableSpec[] {
  const byFinding: Record<FindingId, () => TableSpec[]> = {
    claim: () => [],
    teaser: () => [teaserTable(a)],
    conditions: () => [verdictsTable(a)],
    'eleven-percent': () => [elevenPercentTable(a)],
    headline: () => splitNames(a).map((s) => headlineTable(a, s)),
    ceiling: () => [ceilingTable(a)],
    'absent-locations': () => [absentLocationsTable(a)],
    precision: () => [precisionTable(a)],
    'unreadable-gold': () => [unreadableTable(a), walkedPastTable(a)],
    drift: () => [driftTable(a)],
    containment: () => [containmentTable(a)],
    fallback: () => [shortestReachingTable(a), probesTable(a)],
    shuffle: () => [shuffleScoresTable(a), orderDependentTable(a)],
    'per-category': () => [perCategoryTable(a), ...perCategoryBlockTables(a)],
    'null-category': () => [constructedTraceTable(a), nullRunsTable(a), realGoldTable(a)],
    'table-5': () => [table5Table(a), table5TotalsTable(a)],
    pin: () => [],
    'committed-files': () => [committedFilesTable(a)],
  };
  return byFinding[id]();
}

export function allTables(a: Audit): TableSpec[] {
  const tables = [
    verdictsTable(a),
    teaserTable(a),
    ...splitNames(a).map((s) => headlineTable(a, s)),
    elevenPercentTable(a),
    ceilingTable(a),
    absentLocationsTable(a),
    precisionTable(a),
    unreadableTable(a),
    walkedPastTable(a),
    driftTable(a),
    containmentTable(a),
    shortestReachingTable(a),
    probesTable(a),
    shuffleScoresTable(a),
    orderDependentTable(a),
    perCategoryTable(a),
    ...perCategoryBlockTables(a),
    constructedTraceTable(a),
    nullRunsTable(a),
    realGoldTable(a),
    table5Table(a),
    table5TotalsTable(a),
    committedFilesTable(a),
    artifactsTable(a),
    ...changeTables(a),
  ];
  const ids = tables.map((t) => t.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`two tables share the id ${twice.join(', ')}`);
  return tables;
}

export type { TableSpec } from './spec.ts';
