/** The inventory of committed files (spec section 6), counted from the admitted files themselves. */
import type { Audit } from '../audit/assemble.ts';
import type { ArtifactPath } from '../admission/schemas.ts';
import { artifactOf, derived, fromLock, ref } from '../provenance/provenance.ts';

/** The audit's row order: the index, then the results files in the order its README lists them. */
export const INVENTORY_ORDER: readonly ArtifactPath[] = [
  'index/spans.json',
  'results/datacheck.json',
  'results/adversarial.json',
  'results/normaliser.json',
  'results/catf1.json',
  'results/pairing.json',
];

function collectStrings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      collectStrings(v, into);
    }
  }
  return into;
}

/** Strings TRAIL wrote: the taxonomy labels, the gold's spellings, and the off-index location strings. */
export function upstreamStrings(audit: Audit): Set<string> {
  return new Set([
    ...Object.keys(audit.normaliser.shortest_reaching),
    ...audit.normaliser.gold_drift.map((d) => d.spelling),
    ...Object.values(audit.adversarial.splits).flatMap((s) => Object.values(s.locations_off_the_index).flat()),
  ]);
}

/** Per file: bytes, distinct strings (keys included), identifiers, TRAIL's own words, strings of over three words. */
export function inventory(audit: Audit) {
  const upstream = upstreamStrings(audit);
  return INVENTORY_ORDER.map((file) => {
    const strings = collectStrings(artifactOf(audit, file), new Set());
    const list = [...strings];
    const input = [ref(file, '')];
    const lockIndex = audit.lock.files.findIndex((f) => f.path === file);
    return {
      file,
      bytes: fromLock(audit, `/files/${lockIndex}/bytes`, 'count'),
      distinct: derived('inventory/distinct-strings', strings.size, 'count', input),
      identifiers: derived(
        'inventory/identifiers',
        list.filter((s) => /^[0-9a-f]{16,64}$/.test(s)).length,
        'count',
        input,
      ),
      upstream: derived('inventory/trail-words', list.filter((s) => upstream.has(s)).length, 'integer', [
        ...input,
        'the upstream strings of results/normaliser.json and results/adversarial.json',
      ]),
      longer: derived(
        'inventory/longer-than-three-words',
        list.filter((s) => s.trim().split(/\s+/).length > 3).length,
        'integer',
        input,
      ),
    };
  });
}
