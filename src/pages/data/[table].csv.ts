/** Every table on the site as CSV, generated at build from the same builders the pages render. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../audit/handoff.ts';
import { allTables } from '../../findings/registry.ts';
import type { TableSpec } from '../../tables/spec.ts';
import { toCsv } from '../../tables/csv.ts';

export const getStaticPaths = (() => allTables(handedDown()).map((spec) => ({ params: { table: spec.id }, props: { spec } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ spec: TableSpec }> = ({ props }) =>
  new Response(toCsv(props.spec), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
