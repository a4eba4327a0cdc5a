/**
 * The findings' ids, in the report's order: the index that the guards and the
 * components check names against. It is apart from the descriptors (registry.ts)
 * so that checking a name does not load every finding's tables and charts, and
 * Plot with them, into the build's own process. registry.ts describes each finding
 * and refuses to load unless its list names exactly these ids, in this order.
 */
export const FINDING_IDS = [
  'claim',
  'teaser',
  'conditions',
  'eleven-percent',
  'headline',
  'ceiling',
  'absent-locations',
  'precision',
  'unreadable-gold',
  'drift',
  'containment',
  'fallback',
  'shuffle',
  'per-category',
  'null-category',
  'table-5',
  'pin',
  'committed-files',
] as const;

export type FindingId = (typeof FINDING_IDS)[number];

export function isFindingId(id: string): id is FindingId {
  return (FINDING_IDS as readonly string[]).includes(id);
}

/** Why a descriptor list does not match the index, or undefined when it names the same ids in the same order. */
export function idsMismatch(described: readonly string[], index: readonly string[] = FINDING_IDS): string | undefined {
  const missing = index.filter((id) => !described.includes(id));
  const extra = described.filter((id) => !index.includes(id));
  if (missing.length) return `no descriptor for ${missing.map((id) => `"${id}"`).join(', ')}`;
  if (extra.length) return `${extra.map((id) => `"${id}"`).join(', ')} described but not in src/findings/finding-ids.ts`;
  const at = described.findIndex((id, i) => id !== index[i]);
  if (at >= 0 || described.length !== index.length) return `described in another order: "${described[at]}" at position ${at + 1}, where the index has "${index[at]}"`;
  return undefined;
}
