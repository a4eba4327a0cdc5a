/** Every table the site shows, for the CSV downloads and the checks that cover them all. */
import type { Audit } from '../../admission/admit.ts';
import { splitNames } from '../../derive/names.ts';
import { absentLocationsTable, ceilingTable, elevenPercentTable, headlineTable, precisionTable, teaserTable, walkedPastTable } from './adversarial.ts';
import { perCategoryBlockTables, perCategoryTable } from './catf1.ts';
import { table5Table, table5TotalsTable, unreadableTable } from './datacheck.ts';
import { containmentTable, driftTable, orderDependentTable, probesTable, shortestReachingTable, shuffleScoresTable } from './normaliser.ts';
import { constructedTraceTable, nullRunsTable, realGoldTable } from './pairing.ts';
import { artifactsTable, committedFilesTable, verdictsTable } from './site.ts';
import type { TableSpec } from './spec.ts';

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
  ];
  const ids = tables.map((t) => t.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`two tables share the id ${twice.join(', ')}`);
  return tables;
}

export type { TableSpec } from './spec.ts';
