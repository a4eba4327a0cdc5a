/**
 * Beside every CSV, what it is and its provenance as a sidecar: which table, its caption in the
 * page's words, the pages that show it, each column with its unit, the cells written as text
 * rather than the formula they look like, and the site and audit revisions it was built from. A
 * sidecar rather than `#` comment lines: RFC 4180 has no comments, and spreadsheet programs and
 * most CSV readers would take them for rows.
 */
import { say } from '../../core/strings.ts';
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import { csvDescription, csvSpec, tableDownloads, type TableDownload } from '../../findings/table-downloads.ts';
import { csvFormulaNote } from '../../tables/csv.ts';
import { revisionIdentity } from '../../findings/revision.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { href } from '../../site/paths.ts';

export const getStaticPaths = (async () =>
  tableDownloads(await theAudit()).map((d) => ({
    params: { table: d.spec.id },
    props: { d },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ d: TableDownload }> = async ({ props, site }) => {
  const spec = csvSpec(props.d);
  const described = csvDescription(props.d);
  const shown_on = described.shown_on.map((p) => new URL(href(p), site).href);
  return new Response(
    JSON.stringify(
      {
        ...described,
        shown_on,
        format: say('pages/data/table.csv.meta.json.format'),
        revision: revisionIdentity(await theAudit(), siteRevision()),
        formulas: csvFormulaNote(spec),
      },
      null,
      2,
    ) + '\n',
    { headers: { 'content-type': 'application/json' } },
  );
};
