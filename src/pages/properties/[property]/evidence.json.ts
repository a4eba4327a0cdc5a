/** Each property's evidence as a JSON packet, generated at build: the same bytes the property page's metadata gives the digest of (src/findings/downloads.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../../audit/the-audit.ts';
import { PROPERTY_NAMES, type PropertyName } from '../../../core/names.ts';
import { evidenceJson } from '../../../findings/downloads.ts';
import { siteRevision } from '../../../site/site-revision.ts';
import { absolute } from '../../../site/paths.ts';

export const getStaticPaths = (async () =>
  PROPERTY_NAMES.map((name) => ({
    params: { property: name.toLowerCase() },
    props: { name },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ name: PropertyName }> = async ({ props, site }) =>
  new Response(evidenceJson(await theAudit(), siteRevision(), props.name, absolute('', site)), {
    headers: { 'content-type': 'application/json' },
  });
