/** TRAIL's normalize_category (calculate_scores.py lines 12 to 30), from the audit's description, not its code. */

export type Loop = 'exact' | 'fallback' | 'neither';

export interface Normalised {
  /** What the scorer compares: a taxonomy label, or the lowercased, stripped input. */
  readonly value: string;
  readonly loop: Loop;
}

export const squash = (s: string) => s.toLowerCase().replaceAll(' ', '');

/**
 * 1. The emptiness test runs on the argument as given, before any stripping (line 14),
 *    so a category of spaces gets past it.
 * 2. The category is lowercased and stripped (line 17).
 * 3. First loop: an exact match against each lowercased label (line 21).
 * 4. Second loop: the first label, in list order, whose space-stripped lowercase form
 *    contains the space-stripped input (line 26). The empty string is in every label.
 * 5. Otherwise the lowercased, stripped input comes back unchanged (line 30).
 */
export function normalizeCategory(category: string, taxonomy: readonly string[]): Normalised {
  if (category === '') return { value: category, loop: 'neither' };
  const cat = category.toLowerCase().trim();
  for (const label of taxonomy) if (cat === label.toLowerCase()) return { value: label, loop: 'exact' };
  const noSpaces = cat.replaceAll(' ', '');
  for (const label of taxonomy) if (squash(label).includes(noSpaces)) return { value: label, loop: 'fallback' };
  return { value: cat, loop: 'neither' };
}

/** Every distinct substring of the space-stripped, lowercased labels. */
export function enumerateSubstrings(taxonomy: readonly string[]): string[] {
  const all = new Set<string>();
  for (const label of taxonomy) {
    const s = squash(label);
    for (let i = 0; i < s.length; i++) for (let j = i + 1; j <= s.length; j++) all.add(s.slice(i, j));
  }
  return [...all];
}

export interface Sweep {
  /** Every distinct substring, in the order enumerateSubstrings gives them. */
  readonly substrings: readonly string[];
  /** For each substring: the label normalizeCategory sends it to. */
  readonly reaches: ReadonlyMap<string, string>;
  /** For each substring: how many labels contain it (labelsContaining). */
  readonly containing: ReadonlyMap<string, number>;
}

/** Every substring put through normalizeCategory and labelsContaining. */
export function sweepSubstrings(taxonomy: readonly string[]): Sweep {
  const substrings = enumerateSubstrings(taxonomy);
  return {
    substrings,
    reaches: new Map(substrings.map((s) => [s, normalizeCategory(s, taxonomy).value])),
    containing: new Map(substrings.map((s) => [s, labelsContaining(s, taxonomy)])),
  };
}

/** How many labels contain `s` once both are space-stripped and lowercased. */
export function labelsContaining(s: string, taxonomy: readonly string[]): number {
  return taxonomy.filter((label) => squash(label).includes(squash(s))).length;
}

/** Labels whose space-stripped lowercase form sits inside the spelling's. */
export function labelsInside(spelling: string, taxonomy: readonly string[]): string[] {
  return taxonomy.filter((label) => squash(spelling).includes(squash(label)));
}
