/** A cited page's downloads with the exact bytes their endpoints write, so the page's metadata can give digests. */
import { createHash } from 'node:crypto';
import type { Audit } from '../audit/assemble.ts';
import type { SiteRevision } from '../site/site-revision.ts';
import { PROPERTY_NAMES, type PropertyName } from '../core/names.ts';
import { jsonText } from '../provenance/untrusted.ts';
import { FINDING_IDS } from './registry.ts';
import { evidencePacket } from './evidence-packet.ts';
import { findingTables, pageFindingsOf } from './registry.ts';
import { revisionIdentity } from './revision.ts';
import { cellSource, type TableSpec } from '../tables/spec.ts';
import { toCsv } from '../tables/csv.ts';
import { csvSpec, tableDownloads } from './table-downloads.ts';

/** Each packet's bytes, by audit, site revision, base address and property: made once, for both the page's digest and the file. */
const packets = new WeakMap<Audit, WeakMap<SiteRevision, Map<string, string>>>();

/** The evidence packet's bytes; `baseAddress` is the site base's absolute address, ending in a slash. */
export function evidenceJson(a: Audit, site: SiteRevision, name: PropertyName, baseAddress: string): string {
  // Without the slash, its last segment would be replaced, not kept: every address in the packet would be wrong.
  if (!baseAddress.endsWith('/'))
    throw new Error(
      `the base address ${JSON.stringify(baseAddress)} given for ${name}'s evidence packet does not end in a slash`,
    );
  let bySite = packets.get(a);
  if (!bySite) packets.set(a, (bySite = new WeakMap()));
  let made = bySite.get(site);
  if (!made) bySite.set(site, (made = new Map()));
  const key = `${baseAddress} ${name}`;
  let text = made.get(key);
  if (text === undefined)
    made.set(
      key,
      (text = jsonText({
        ...evidencePacket(a, name, (path) => new URL(path, baseAddress).href),
        revision: revisionIdentity(a, site),
      })),
    );
  return text;
}

/** Whether a table's figure links its CSV: DataTable.astro does when any cell names its source. */
const linksCsv = (spec: TableSpec) =>
  spec.table.rows.some((row) =>
    row.some((cell) => ['artifact', 'lock', 'derived', 'record'].includes(cellSource(cell)?.type ?? '')),
  );

export interface Download {
  /** Its path under the base. */
  readonly path: string;
  readonly name: string;
  readonly encodingFormat: 'text/csv' | 'application/json';
  readonly sha256: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The downloads of the report (`report`) or a property page (`p1` ... `p9`), in page order. */
/** `baseAddress`: the site's base as an absolute address, under which the endpoints write the packets' addresses (evidenceJson). */
export function pageDownloads(a: Audit, site: SiteRevision, slug: string, baseAddress: string): Download[] {
  const downloads = new Map(tableDownloads(a).map((d) => [d.spec.id, d]));
  const name = PROPERTY_NAMES.find((p) => p.toLowerCase() === slug);
  // The property page's evidence sections leave out the claim, which the report carries as prose.
  const findings = name ? pageFindingsOf(name) : FINDING_IDS;
  const tables = [...new Map(findings.flatMap((id) => findingTables(a, id)).map((t) => [t.id, t])).values()].filter(
    linksCsv,
  );
  const csvs = tables.map((t): Download => ({
    path: `data/${t.id}.csv`,
    name: t.caption,
    encodingFormat: 'text/csv',
    sha256: sha256(toCsv(csvSpec(downloads.get(t.id)!))),
  }));
  if (!name) return csvs;
  return [
    {
      path: `properties/${slug}/evidence.json`,
      name: `${name}: its evidence packet`,
      encodingFormat: 'application/json',
      sha256: sha256(evidenceJson(a, site, name, baseAddress)),
    },
    ...csvs,
  ];
}
