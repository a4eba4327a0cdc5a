/** Each property's evidence as a JSON packet, generated at build. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../../audit/handoff.ts';
import { PROPERTY_NAMES, type PropertyName } from '../../../core/names.ts';
import { evidenceJson } from '../../../findings/downloads.ts';
import { siteRevision } from '../../../site/site-revision.ts';

export const getStaticPaths = (() => PROPERTY_NAMES.map((name) => ({ params: { property: name.toLowerCase() }, props: { name } }))) satisfies GetStaticPaths;

// The same bytes the property page's metadata gives the digest of (src/findings/downloads.ts).
export const GET: APIRoute<{ name: PropertyName }> = ({ props }) =>
  new Response(evidenceJson(handedDown(), siteRevision(), props.name), { headers: { 'content-type': 'application/json' } });
