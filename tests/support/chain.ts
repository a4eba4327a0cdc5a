/** Walking a provenance chain (src/findings/provenance-chain.ts) from a figure to the bytes of its artifact, through jsonld's expansion. */
import { createHash } from 'node:crypto';
import jsonld from 'jsonld';

const PROV = 'http://www.w3.org/ns/prov#';
const PART_OF = 'http://purl.org/dc/terms/isPartOf';
const TERM = 'urn:trail-audit-site:chain#';

type Node = Record<string, unknown>;
const ids = (n: Node, key: string) => ((n[key] ?? []) as { '@id': string }[]).map((x) => x['@id']);
const literal = (n: Node, key: string) => ((n[`${TERM}${key}`] ?? []) as { '@value': unknown }[])[0]?.['@value'];

export interface Walked {
  readonly leaf: { file: string; pointer: string; value: unknown };
  readonly file: { path: string; sha256: string; commit: string };
}

/** The expanded chain, by @id, and its figure records. */
export async function expandChain(chain: unknown): Promise<{ byId: Map<string, Node>; figures: Node[]; all: Node[] }> {
  const all = (await jsonld.expand(chain)) as Node[];
  const byId = new Map(
    all
      .filter((n) => typeof n['@id'] === 'string' && !(n['@id'] as string).startsWith('_:'))
      .map((n) => [n['@id'] as string, n]),
  );
  return { byId, figures: all.filter((n) => literal(n, 'kind') === 'figure'), all };
}

/**
 * From a figure record: its leaf (derived from), the leaf's file (part of), and the bytes,
 * which must have the file's SHA-256; the value at the leaf's pointer in them must be the
 * leaf's. Throws, naming the step, where the chain breaks.
 */
export function walkFigure(byId: Map<string, Node>, figure: Node, bytesOf: (path: string) => Buffer | string): Walked {
  const [leafId] = ids(figure, `${PROV}wasDerivedFrom`);
  const leaf = leafId && byId.get(leafId);
  if (!leaf || !(leaf['@type'] as string[]).includes(`${PROV}Entity`))
    throw new Error(
      `figure ${String(literal(figure, 'element'))}: derived from ${leafId}, which is no entity of the chain`,
    );
  const [fileId] = ids(leaf, PART_OF);
  const file = fileId && byId.get(fileId);
  if (!file) throw new Error(`leaf ${leafId}: part of ${fileId}, which is not in the chain`);
  const path = literal(file, 'path') as string;
  const bytes = bytesOf(path);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== literal(file, 'sha256'))
    throw new Error(`${path}: the chain gives SHA-256 ${String(literal(file, 'sha256'))}; the bytes have ${sha}`);
  const pointer = literal(leaf, 'pointer') as string;
  let at: unknown = JSON.parse(bytes.toString());
  for (const token of pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~')))
    at = (at as Record<string, unknown>)[token];
  const value = ((leaf[`${PROV}value`] ?? []) as { '@value': unknown }[])[0]?.['@value'];
  if (JSON.stringify(at) !== JSON.stringify(value))
    throw new Error(
      `${path}#${pointer}: the chain gives ${JSON.stringify(value)}; the bytes hold ${JSON.stringify(at)}`,
    );
  return {
    leaf: { file: literal(leaf, 'file') as string, pointer, value },
    file: { path, sha256: sha, commit: literal(file, 'commit') as string },
  };
}

export { ids, literal, PROV, PART_OF };
