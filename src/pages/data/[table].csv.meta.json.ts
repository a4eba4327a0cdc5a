/**
 * Beside every CSV, its provenance as a sidecar: which table, and the site and audit
 * revisions it was built from. A sidecar rather than `#` comment lines: RFC 4180 has
 * no comments, and spreadsheet programs and most CSV readers would take them for rows.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../audit/handoff.ts';
import { allTables } from '../../findings/registry.ts';
import type { TableSpec } from '../../tables/spec.ts';
import { revisionIdentity } from '../../findings/revision.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { csvFormulaNote } from '../../tables/csv.ts';

export const getStaticPaths = (() => allTables(handedDown()).map((spec) => ({ params: { table: spec.id }, props: { spec } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ spec: TableSpec }> = ({ props }) =>
  new Response(
    JSON.stringify({ csv: `${props.spec.id}.csv`, caption: props.spec.caption, format: 'RFC 4180, UTF-8, one header row, raw values at full precision', revision: revisionIdentity(handedDown(), siteRevision()), formulas: csvFormulaNote(props.spec) }, null, 2) + '\n',
    { headers: { 'content-type': 'application/json' } },
  );
