/**
 * One property's evidence as a JSON packet: the artifact leaves it rests on with
 * their pointers, the digests of the files they come from, the re-derivations that
 * cover it with every comparison, the scorer lines it concerns, and all of it as a PROV chain.
 */
import type { Audit } from '../audit/assemble.ts';
import type { PropertyName } from '../core/names.ts';
import { resolvePointer, toPointer } from '../admission/pointer.ts';
import { artifactOf, parseRef, rederivedBy } from '../provenance/provenance.ts';
import { PROPERTY_SCORER_LINES } from './properties.ts';
import { SCORER_LINES, scorerUrl } from './scorer-lines.ts';
import { findingTables, findingsOf } from './registry.ts';
import { cellSource, type Cell } from '../tables/spec.ts';
import { provenanceChain } from './provenance-chain.ts';

function leafOf(cell: Cell): string | undefined {
  const source = cellSource(cell);
  return source?.type === 'artifact' ? `${source.file}#${source.pointer}` : undefined;
}

/** `file#pointer` of every artifact leaf a property's page and packet rest on: its own three leaves, then its findings' table cells. */
export function evidenceRefs(a: Audit, name: PropertyName): string[] {
  const p = a.properties.find((q) => q.name === name)!;
  const refs = new Set<string>(['claim', 'verdict', 'magnitude'].map((k) => `${p.file}#${toPointer(['properties', name, k])}`));
  for (const id of findingsOf(name)) for (const t of findingTables(a, id)) for (const row of t.table.rows) for (const cell of row) {
    const r = leafOf(cell);
    if (r) refs.add(r);
  }
  return [...refs];
}

export function evidencePacket(a: Audit, name: PropertyName) {
  const p = a.properties.find((q) => q.name === name)!;
  const findings = findingsOf(name);
  const refs = evidenceRefs(a, name);
  const leaves = refs.map((r) => {
    const { file, pointer } = parseRef(r);
    return { file, pointer, value: resolvePointer(artifactOf(a, file), pointer), rederived_by: rederivedBy(a, file, pointer) ?? null };
  });
  const files = [...new Set(leaves.map((l) => l.file))].map((path) => a.files.find((f) => f.path === path)!);
  const { trail_repository, pinned_commit, scorer_path } = a.pins;
  return {
    property: name,
    claim: p.claim,
    verdict: p.verdict,
    magnitude: p.magnitude,
    decided_by: p.file,
    findings,
    pins: a.pins,
    files,
    leaves,
    rederivations: a.rederivations
      .filter((r) => r.properties.includes(name))
      .map((r) => ({ name: r.name, title: r.title, explanation: r.explanation, source: r.source, result: 'every comparison equal', comparisons: r.comparisons })),
    scorer_lines: PROPERTY_SCORER_LINES[name].map((c) => {
      const [from, to] = typeof c === 'number' ? [c, undefined] : c;
      return { from, to: to ?? from, what: SCORER_LINES[from], url: scorerUrl(trail_repository, pinned_commit, scorer_path, from, to) };
    }),
    // The same evidence as one chain of linked records, from the verdict to each figure that shows it (provenance-chain.ts).
    provenance: provenanceChain(a, name, refs),
  };
}
