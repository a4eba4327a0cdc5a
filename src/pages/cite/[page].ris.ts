/** The audit's and the page's citation as ris, for the report and each property page. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { citationItems } from '../../findings/citation.ts';
import { CITATION_FILES, citationFormats } from '../../findings/citation-formats.ts';
import { citedPage, type CitedPageSpec } from '../../findings/cited-page.ts';
import { citedPageSpecs } from '../_cited-pages.ts';

export const getStaticPaths = (async () =>
  citedPageSpecs().map((spec) => ({ params: { page: spec.slug }, props: { spec } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ spec: CitedPageSpec }> = async ({ props, site }) =>
  new Response(
    citationFormats(citationItems(await theAudit(), siteRevision(), await citedPage(props.spec, site))).ris,
    {
      headers: { 'content-type': CITATION_FILES.ris.type },
    },
  );
