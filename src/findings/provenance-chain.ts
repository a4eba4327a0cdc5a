/**
 * A property's provenance chain as JSON-LD (W3C PROV-O): verdict, rule, scorer lines, artifact leaves in their files,
 * and each figure shown from a leaf. Part-of is not a PROV relation, so it is Dublin Core's isPartOf.
 */
import type { Audit } from '../audit/assemble.ts';
import type { PropertyName } from '../core/names.ts';
import { resolvePointer, toPointer } from '../admission/pointer.ts';
import { artifactOf, parseRef } from '../provenance/provenance.ts';
import { scorerLinesOf } from './properties.ts';
import { findingTables, findingsOf } from './registry.ts';
import { RULE_TESTED } from './verdict-meanings.ts';
import { cellSource, type TableSpec } from '../tables/spec.ts';
import { rowIds } from '../tables/row-ids.ts';
import { auditRepository } from './citation.ts';
import { ProblemError } from '../core/problem.ts';
import { say } from '../core/strings.ts';

export const CHAIN_CONTEXT = {
  prov: 'http://www.w3.org/ns/prov#',
  dcterms: 'http://purl.org/dc/terms/',
  // The chain's own terms (a pointer, a digest, an element id) have no published vocabulary: they are named here.
  '@vocab': 'urn:trail-audit-site:chain#',
  wasGeneratedBy: { '@id': 'prov:wasGeneratedBy', '@type': '@id' },
  wasDerivedFrom: { '@id': 'prov:wasDerivedFrom', '@type': '@id' },
  wasAssociatedWith: { '@id': 'prov:wasAssociatedWith', '@type': '@id' },
  used: { '@id': 'prov:used', '@type': '@id' },
  atLocation: { '@id': 'prov:atLocation', '@type': '@id' },
  isPartOf: { '@id': 'dcterms:isPartOf', '@type': '@id' },
  value: { '@id': 'prov:value', '@type': '@json' },
} as const;

/** A figure element on a page that shows a leaf: the page's path under the base, the element's id, and for a table cell its column. */
export interface FigureRef {
  readonly page: string;
  readonly element: string;
  readonly column?: string;
  readonly ref: string;
}

const columnLabel = (spec: TableSpec, i: number) => {
  const c = spec.table.columns[i]!;
  return `${typeof c.label === 'string' ? c.label : c.label.text}${c.suffix ? ` ${c.suffix}` : ''}`;
};

/** A property's own three leaves: its claim, verdict and magnitude. */
export function ownRefs(a: Audit, name: PropertyName): string[] {
  const p = a.properties.find((q) => q.name === name)!;
  return ['claim', 'verdict', 'magnitude'].map((k) => `${p.file}#${toPointer(['properties', name, k])}`);
}

/** Every figure that shows one of the property's leaves: the verdict section of its page, then each table cell, on the page that renders the table. */
export function figuresOf(a: Audit, name: PropertyName): FigureRef[] {
  const page = `properties/${name.toLowerCase()}/`;
  const out: FigureRef[] = ownRefs(a, name).map((ref) => ({ page, element: 'verdict', ref }));
  for (const id of findingsOf(name)) {
    // The property page leaves out the claim's table, which the report shows.
    const on = id === 'claim' ? '' : page;
    for (const t of findingTables(a, id)) {
      const rows = rowIds(t);
      t.table.rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const s = cellSource(cell);
          if (s?.type !== 'artifact') return;
          // The row's first cell is its header: the row itself is the figure's element.
          out.push({
            page: on,
            element: rows[r]!,
            ...(c > 0 ? { column: columnLabel(t, c) } : {}),
            ref: `${s.file}#${s.pointer}`,
          });
        }),
      );
    }
  }
  return out;
}

const rawUrl = (repository: string, commit: string, path: string) =>
  `https://github.com/${repository}/raw/${commit}/${path}`;

export function provenanceChain(a: Audit, name: PropertyName, refs: readonly string[]) {
  const p = a.properties.find((q) => q.name === name)!;
  const r = auditRepository(a);
  const { trail_repository, pinned_commit, scorer_path, scorer_sha256 } = a.pins;
  const fileOf = (path: string) => a.lock.files.find((f) => f.path === path)!;
  const fileId = (path: string) => rawUrl(fileOf(path).repository, fileOf(path).commit, path);
  // A leaf is its file's bytes' address with the pointer as fragment, written with a prefix per file (a compact IRI):
  // the same IRI once expanded, a tenth of the length in a packet of thousands of leaves.
  const prefixOf = (path: string) => path.replace(/^.*\/|\.json$/g, '');
  const leafId = (ref: string) => {
    const { file, pointer } = parseRef(ref);
    return `${prefixOf(file)}:${pointer}`;
  };
  const scorerId = `https://github.com/${trail_repository}/blob/${pinned_commit}/${scorer_path}`;
  const lines = scorerLinesOf(a, name).map(({ url, from, to, what }) => ({
    '@id': url,
    '@type': 'prov:Entity',
    kind: 'scorer lines',
    from,
    to,
    what,
    isPartOf: scorerId,
  }));
  const own = ownRefs(a, name).map(leafId);
  const files = [...new Set(refs.map((ref) => parseRef(ref).file))];
  const prefixes = Object.fromEntries(
    a.lock.files.map((f) => [prefixOf(f.path), { '@id': `${fileId(f.path)}#`, '@prefix': true }]),
  );
  if (Object.keys(prefixes).length !== a.lock.files.length || Object.keys(prefixes).some((k) => k in CHAIN_CONTEXT)) {
    throw new ProblemError([
      {
        file: 'artifacts.lock.json',
        place: '/files',
        message: say('findings/provenance-chain.message', Object.keys(prefixes).join(', ')),
      },
    ]);
  }
  return {
    '@context': { ...CHAIN_CONTEXT, ...prefixes },
    '@graph': [
      {
        '@id': `urn:trail-audit-site:property:${name}`,
        '@type': 'prov:Entity',
        kind: 'property',
        property: name,
        verdict: p.verdict,
        recordedIn: fileId(p.file),
        wasGeneratedBy: `urn:trail-audit-site:rule:${name}`,
        wasDerivedFrom: own,
      },
      {
        '@id': `urn:trail-audit-site:rule:${name}`,
        '@type': 'prov:Activity',
        kind: 'rule',
        tested: say('findings/provenance-chain.tested', RULE_TESTED[name]),
        wasAssociatedWith: r.url,
        used: [...lines.map((l) => l['@id']), ...refs.map(leafId)],
      },
      { '@id': r.url, '@type': 'prov:Agent', kind: 'audit', name: `${r.owner}/${r.name}` },
      {
        '@id': scorerId,
        '@type': 'prov:Entity',
        kind: 'scorer',
        repository: trail_repository,
        commit: pinned_commit,
        path: scorer_path,
        sha256: scorer_sha256,
      },
      ...lines,
      ...files.map((path) => {
        const f = fileOf(path);
        return {
          '@id': fileId(path),
          '@type': 'prov:Entity',
          kind: 'artifact file',
          repository: f.repository,
          commit: f.commit,
          path,
          sha256: f.sha256,
          bytes: f.bytes,
          atLocation: fileId(path),
        };
      }),
      ...refs.map((ref) => {
        const { file, pointer } = parseRef(ref);
        return {
          '@id': leafId(ref),
          '@type': 'prov:Entity',
          kind: 'artifact leaf',
          file,
          pointer,
          value: resolvePointer(artifactOf(a, file), pointer),
          isPartOf: fileId(file),
        };
      }),
      ...figuresOf(a, name)
        .filter((f) => refs.includes(f.ref))
        .map((f) => ({
          '@type': 'prov:Entity',
          kind: 'figure',
          page: f.page,
          element: f.element,
          ...(f.column ? { column: f.column } : {}),
          wasDerivedFrom: leafId(f.ref),
        })),
    ],
  };
}
