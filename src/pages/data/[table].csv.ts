/** Every table on the site as CSV, generated at build from the same builders the pages render: each column named with its unit, a per-split table with its split (src/findings/table-downloads.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../audit/handoff.ts';
import { toCsv } from '../../tables/csv.ts';
import { csvSpec, tableDownloads, type TableDownload } from '../../findings/table-downloads.ts';

export const getStaticPaths = (() =>
  tableDownloads(handedDown()).map((d) => ({ params: { table: d.spec.id }, props: { d } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ d: TableDownload }> = ({ props }) =>
  new Response(toCsv(csvSpec(props.d)), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
