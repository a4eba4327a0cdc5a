/** A property's evidence as a self-describing JSON packet: leaves, file digests, re-derivations, scorer lines, PROV. */
import type { Audit } from '../audit/assemble.ts';
import type { PropertyName } from '../core/names.ts';
import { resolvePointer } from '../admission/pointer.ts';
import { artifactOf, parseRef, rederivedBy } from '../provenance/provenance.ts';
import { scorerLinesOf } from './properties.ts';
import { evidenceOf, finding, findingTables, pageFindingsOf } from './registry.ts';
import type { EvidenceItem, Rich } from './descriptors/descriptor.ts';
import { cellSource, type Cell, type TableSpec } from '../tables/spec.ts';
import type { Source } from '../provenance/provenance.ts';
import { ownRefs, provenanceChain } from './provenance-chain.ts';
import { registerRows, supportUrl } from '../provenance/support.ts';
import { say } from '../core/strings.ts';

/** What each section of the packet holds, in the packet itself. */
const PACKET_SECTIONS = {
  property: say('findings/evidence-packet.property'),
  decided_by: say('findings/evidence-packet.decided_by'),
  findings: say('findings/evidence-packet.findings'),
  pins: say('findings/evidence-packet.pins'),
  files: say('findings/evidence-packet.files'),
  leaves: say('findings/evidence-packet.leaves'),
  rederivations: say('findings/evidence-packet.rederivations'),
  scorer_lines: say('findings/evidence-packet.scorer_lines'),
  provenance: say('findings/evidence-packet.provenance'),
  sentences: say('findings/evidence-packet.sentences'),
  revision: say('findings/evidence-packet.revision'),
} as const;

const artifactRef = (source: Source | undefined) =>
  source?.type === 'artifact' ? `${source.file}#${source.pointer}` : undefined;
const leafOf = (cell: Cell) => artifactRef(cellSource(cell));
const richRefs = (rich: Rich | undefined) =>
  (rich ?? []).flatMap((p) => (typeof p === 'string' ? [] : [artifactRef('fig' in p ? p.fig.source : p.words.source)]));

/** A table's leaves: the artifact labels of its columns, then its cells. */
const tableRefs = (t: TableSpec) => [
  ...t.table.columns.map((c) => (typeof c.label === 'string' ? undefined : artifactRef(c.label.source))),
  ...t.table.rows.flat().map(leafOf),
];

/** Every artifact leaf an evidence list shows, with the id of the table or block that shows it. */
function itemRefs(items: readonly EvidenceItem[], under?: string): [ref: string, where: string][] {
  const out: [string | undefined, string][] = [];
  const add = (refs: readonly (string | undefined)[], at: string) => refs.forEach((r) => out.push([r, at]));
  for (const item of items) {
    if ('table' in item) {
      const split = item.split ? [{ words: item.split }] : [];
      add(
        [...richRefs(item.caption), ...richRefs(item.note), ...richRefs(split), ...tableRefs(item.table)],
        item.table.id,
      );
    } else if ('chart' in item) {
      // A chart draws only some of its tables' columns: its values are shown in those tables, on the same page.
      for (const t of item.chart.data) add(tableRefs(t), t.id);
    } else {
      const d = item.details;
      const here = d.id ?? under ?? 'evidence';
      add([...richRefs(d.summary), ...(d.list?.items ?? []).map((w) => artifactRef(w.source))], here);
      out.push(...itemRefs(d.items, here));
    }
  }
  return out.filter((x): x is [string, string] => x[0] !== undefined);
}

/** Where each leaf of a property's verdict and evidence is shown: "property" for its own three, else the ids of the tables, charts or blocks that show it. */
function shownIn(a: Audit, name: PropertyName): Map<string, string[]> {
  const where = new Map<string, string[]>(ownRefs(a, name).map((r) => [r, ['property']]));
  for (const id of pageFindingsOf(name)) {
    for (const [r, at] of itemRefs(evidenceOf(a, id))) {
      const places = where.get(r) ?? [];
      if (!places.includes(at)) places.push(at);
      where.set(r, places);
    }
  }
  return where;
}

/** `file#pointer` of every artifact leaf a property's verdict and evidence show: its own three leaves, then its findings' evidence. */
export const evidenceRefs = (a: Audit, name: PropertyName): string[] => [...shownIn(a, name).keys()];

/** The packet; `address` turns a path under the site's base into the address a reader opens (by default the path). */
export function evidencePacket(a: Audit, name: PropertyName, address: (path: string) => string = (path) => path) {
  const p = a.properties.find((q) => q.name === name)!;
  const findings = pageFindingsOf(name);
  const refs = evidenceRefs(a, name);
  const where = shownIn(a, name);
  const leaves = refs.map((r) => {
    const { file, pointer } = parseRef(r);
    return {
      file,
      pointer,
      shown_in: where.get(r) ?? [],
      value: resolvePointer(artifactOf(a, file), pointer),
      rederived_by: rederivedBy(a, file, pointer) ?? null,
    };
  });
  const files = [...new Set(leaves.map((l) => l.file))].map((path) => a.files.find((f) => f.path === path)!);
  const page = `properties/${name.toLowerCase()}/`;
  return {
    description: say('findings/evidence-packet.description', name, address(page)),
    page: address(page),
    sections: PACKET_SECTIONS,
    property: name,
    claim: p.claim,
    verdict: p.verdict,
    magnitude: p.magnitude,
    decided_by: p.file,
    findings: findings.map((id) => ({
      id,
      title: finding(id).title,
      address: address(`${page}#evidence-${id}`),
      tables: findingTables(a, id).map((t) => ({
        id: t.id,
        caption: t.caption,
        address: address(`${page}#${t.id}`),
        csv: address(`data/${t.id}.csv`),
      })),
    })),
    pins: a.pins,
    files,
    leaves,
    rederivations: a.rederivations
      .filter((r) => r.properties.includes(name))
      .map((r) => ({
        name: r.name,
        title: r.title,
        explanation: r.explanation,
        source: r.source,
        result: 'every comparison equal',
        comparisons: r.comparisons,
      })),
    scorer_lines: scorerLinesOf(a, name),
    sentences: registerRows()
      .filter((r) => r.page.split(/ and /).includes(`/${page}`))
      .map((r) => ({
        id: r.id,
        file: r.file,
        gist: r.gist,
        support: { ...r.support, url: supportUrl(r, a.files) ?? null },
      })),
    // The same evidence as one chain of linked records, from the verdict to each figure that shows it (provenance-chain.ts).
    provenance: provenanceChain(a, name, refs),
  };
}
