/**
 * Lines of TRAIL's scorer (`benchmarking/calculate_scores.py` at the pinned commit)
 * this site may cite, and what each holds. The numbers are the audit's own line map
 * (`tests/test_line_citations.py` in its repository; the claims register cites each entry),
 * each description ours, of the text that map says the line holds; a citation
 * outside it does not type-check.
 */
export const SCORER_LINES = {
  12: 'definition of normalize_category',
  14: 'the empty-category guard, which tests the argument before stripping it',
  17: 'the category stripped and lowercased',
  21: 'first loop: exact comparison against each lowercased label',
  26: 'second loop: is the space-stripped input contained in a space-stripped label',
  30: 'fall-through returning the input stripped and lowercased, as it came out of the first step',
  33: 'definition of calculate_metrics',
  36: 'gold categories read with a default of the empty string',
  40: "the judge's errors read from the prediction file",
  44: 'comment introducing category normalisation',
  45: 'gold categories normalised, falsy ones filtered out',
  46: "the judge's categories normalised the same way",
  49: 'gold (location, category) pairs built by position',
  50: "the judge's pairs built the same way",
  53: 'intersection of the pairs',
  54: 'joint accuracy: common pairs over gold pairs',
  57: 'intersection of the locations',
  58: 'location accuracy: common locations over gold locations',
  61: 'per-category truth vector sized to the taxonomy',
  64: 'loop over gold categories setting bits, guarded by taxonomy membership',
  66: 'the truth bit set',
  70: 'the prediction bit set',
  115: 'start of the literal taxonomy list inside main()',
  122: 'end of that list',
  154: 'message for a prediction file that does not exist',
  157: 'the try around loading a gold file',
  173: 'a conditional on overall scores (correlation part, unused by the audit)',
  238: "the judge's overall scores appended",
  242: 'the except Exception that catches a failed file, so the run goes on without it',
  243: 'the message printed for a failed file',
  298: 'comment: aggregate for the weighted F-score and the per-category metrics',
  300: 'truth vectors stacked',
  310: 'per-category support',
  312: 'per-category precision, which reaches neither headline metric',
  314: 'per-category F-score',
  361: 'the __main__ guard',
} as const;

export type ScorerLine = keyof typeof SCORER_LINES;

export function isScorerLine(n: number): n is ScorerLine {
  return Object.hasOwn(SCORER_LINES, n);
}

export function scorerUrl(repository: string, commit: string, path: string, from: ScorerLine, to?: ScorerLine): string {
  const anchor = to === undefined || to === from ? `#L${from}` : `#L${from}-L${to}`;
  return `https://github.com/${repository}/blob/${commit}/${path}${anchor}`;
}
