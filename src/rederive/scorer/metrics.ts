/** TRAIL's pairing and headline metrics (calculate_scores.py lines 36 to 58), from the audit's description, for P8. */
import { normalizeCategory } from './normalize.ts';

export interface ErrorEntry {
  readonly location: string;
  readonly category: string | null;
}

/** Categories normalised and falsy ones dropped (lines 45, 46), locations not; zipped by position (lines 49, 50). */
export function pairsOf(
  errors: readonly ErrorEntry[],
  taxonomy: readonly string[],
): { locations: string[]; pairs: [string, string][] } {
  const locations = errors.map((e) => e.location);
  const categories = errors.flatMap((e) => (e.category ? [normalizeCategory(e.category, taxonomy).value] : []));
  const pairs: [string, string][] = [];
  for (let i = 0; i < locations.length && i < categories.length; i++) pairs.push([locations[i]!, categories[i]!]);
  return { locations, pairs };
}

/** Joint accuracy: common pairs over gold pairs (lines 53 and 54); location accuracy over gold locations (lines 57 and 58). */
export function scoreTrace(
  gold: readonly ErrorEntry[],
  predicted: readonly ErrorEntry[],
  taxonomy: readonly string[],
): { joint: number; location: number } {
  const g = pairsOf(gold, taxonomy);
  const p = pairsOf(predicted, taxonomy);
  const key = ([l, c]: [string, string]) => JSON.stringify([l, c]);
  const goldPairs = new Set(g.pairs.map(key));
  const predictedPairs = new Set(p.pairs.map(key));
  const commonPairs = [...goldPairs].filter((x) => predictedPairs.has(x)).length;
  const goldLocations = new Set(g.locations);
  const predictedLocations = new Set(p.locations);
  const commonLocations = [...goldLocations].filter((x) => predictedLocations.has(x)).length;
  return {
    joint: goldPairs.size === 0 ? 0 : commonPairs / goldPairs.size,
    location: goldLocations.size === 0 ? 0 : commonLocations / goldLocations.size,
  };
}
