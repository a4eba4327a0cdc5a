/** Every table on the site as CSV, generated at build from the same builders the pages render: each column named with its unit, a per-split table with its split (src/findings/table-downloads.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import { toCsv } from '../../tables/csv.ts';
import { csvSpec, tableDownloads, type TableDownload } from '../../findings/table-downloads.ts';

export const getStaticPaths = (async () =>
  tableDownloads(await theAudit()).map((d) => ({
    params: { table: d.spec.id },
    props: { d },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ d: TableDownload }> = async ({ props }) =>
  new Response(toCsv(csvSpec(props.d)), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
