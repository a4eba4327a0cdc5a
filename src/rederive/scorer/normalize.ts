/** TRAIL's normalize_category (calculate_scores.py lines 12 to 30), from the audit's description, not its code. */

export type Loop = 'exact' | 'fallback' | 'neither';

export interface Normalised {
  /** What the scorer compares: a taxonomy label, or the lowercased, stripped input. */
  readonly value: string;
  readonly loop: Loop;
}

// Labels are squashed thousands of times during the substring enumeration: keep each result.
const squashed = new Map<string, string>();
function squash(s: string): string {
  let v = squashed.get(s);
  if (v === undefined) {
    v = s.toLowerCase().replaceAll(' ', '');
    squashed.set(s, v);
  }
  return v;
}

const lowered = new Map<string, string>();
function lower(s: string): string {
  let v = lowered.get(s);
  if (v === undefined) lowered.set(s, (v = s.toLowerCase()));
  return v;
}

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
  for (const label of taxonomy) if (cat === lower(label)) return { value: label, loop: 'exact' };
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

/**
 * normalizeCategory and labelsContaining over every substring in one pass: a squashed label's substring is already
 * normalised, so the first loop is a lookup and the second's first label is the first that drew it. Where that premise
 * fails (trim or lowercasing would change a label), the straightforward path runs instead.
 */
export function sweepSubstrings(taxonomy: readonly string[]): Sweep {
  const exact = new Map<string, string>();
  for (const label of taxonomy) if (!exact.has(lower(label))) exact.set(lower(label), label);
  // One map lookup per substring drawn: its slot in the parallel arrays, which also record the last label that drew it.
  const slot = new Map<string, number>();
  const substrings: string[] = [];
  const holder: string[] = [];
  const count: number[] = [];
  const lastDrawnBy: number[] = [];
  for (let k = 0; k < taxonomy.length; k++) {
    const label = taxonomy[k]!;
    const s = squash(label);
    if (/\s/.test(s) || s.toLowerCase() !== s) return sweepByDefinition(taxonomy);
    for (let i = 0; i < s.length; i++) {
      for (let j = i + 1; j <= s.length; j++) {
        const sub = s.slice(i, j);
        const at = slot.get(sub);
        if (at === undefined) {
          if (sub.toLowerCase() !== sub) return sweepByDefinition(taxonomy);
          slot.set(sub, substrings.length);
          substrings.push(sub);
          holder.push(label);
          count.push(1);
          lastDrawnBy.push(k);
        } else if (lastDrawnBy[at] !== k) {
          // A label counts once however often it contains the substring.
          lastDrawnBy[at] = k;
          count[at]!++;
        }
      }
    }
  }
  const reaches = new Map<string, string>();
  const containing = new Map<string, number>();
  for (let n = 0; n < substrings.length; n++) {
    const sub = substrings[n]!;
    reaches.set(sub, exact.get(sub) ?? holder[n]!);
    containing.set(sub, count[n]!);
  }
  return { substrings, reaches, containing };
}

/** The sweep as the definitions state it: every substring put through each function. Also the reference the tests hold the fast sweep to. */
export function sweepByDefinition(taxonomy: readonly string[]): Sweep {
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

export { squash };
