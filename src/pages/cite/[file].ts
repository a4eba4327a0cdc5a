/** The audit's and the page's citation in each format a reference manager imports, for the report and each property page. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { citationItems } from '../../findings/citation.ts';
import { CITATION_FILES, citationFormats } from '../../findings/citation-formats.ts';
import { citedPage, type CitedPageSpec } from '../../findings/cited-page.ts';
import { citedPageSpecs } from '../_cited-pages.ts';

type Format = keyof typeof CITATION_FILES;

export const getStaticPaths = (() =>
  citedPageSpecs().flatMap((spec) =>
    (Object.keys(CITATION_FILES) as Format[]).map((format) => ({
      params: { file: `${spec.slug}.${CITATION_FILES[format].ext}` },
      props: { spec, format },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute<{ spec: CitedPageSpec; format: Format }> = async ({ props, site }) =>
  new Response(
    citationFormats(citationItems(await theAudit(), siteRevision(), await citedPage(props.spec, site)))[props.format],
    { headers: { 'content-type': CITATION_FILES[props.format].type } },
  );
