/** Each property's evidence as a JSON packet, generated at build. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../../audit/handoff.ts';
import { PROPERTY_NAMES, type PropertyName } from '../../../core/names.ts';
import { evidencePacket } from '../../../findings/evidence-packet.ts';
import { revisionIdentity } from '../../../findings/revision.ts';
import { siteRevision } from '../../../site/site-revision.ts';
import { jsonText } from '../../../provenance/untrusted.ts';

export const getStaticPaths = (() => PROPERTY_NAMES.map((name) => ({ params: { property: name.toLowerCase() }, props: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ name: PropertyName }> = ({ props }) =>
  new Response(jsonText({ ...evidencePacket(handedDown(), props.name), revision: revisionIdentity(handedDown(), siteRevision()) }), { headers: { 'content-type': 'application/json' } });
