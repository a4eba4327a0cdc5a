import { say } from '../core/strings.ts';
/**
 * The lines of TRAIL's scorer this site may cite: the audit's own line map (`tests/test_line_citations.py`),
 * described in our words; a citation outside it does not type-check.
 */
export const SCORER_LINES = {
  12: 'definition of normalize_category',
  14: say('findings/scorer-lines.14'),
  17: say('findings/scorer-lines.17'),
  21: say('findings/scorer-lines.21'),
  26: say('findings/scorer-lines.26'),
  30: say('findings/scorer-lines.30'),
  33: 'definition of calculate_metrics',
  36: say('findings/scorer-lines.36'),
  40: say('findings/scorer-lines.40'),
  44: say('findings/scorer-lines.44'),
  45: say('findings/scorer-lines.45'),
  46: say('findings/scorer-lines.46'),
  49: say('findings/scorer-lines.49'),
  50: say('findings/scorer-lines.50'),
  53: say('findings/scorer-lines.53'),
  54: say('findings/scorer-lines.54'),
  57: say('findings/scorer-lines.57'),
  58: say('findings/scorer-lines.58'),
  61: say('findings/scorer-lines.61'),
  64: say('findings/scorer-lines.64'),
  66: say('findings/scorer-lines.66'),
  70: say('findings/scorer-lines.70'),
  115: say('findings/scorer-lines.115'),
  122: say('findings/scorer-lines.122'),
  154: say('findings/scorer-lines.154'),
  157: say('findings/scorer-lines.157'),
  173: say('findings/scorer-lines.173'),
  238: say('findings/scorer-lines.238'),
  242: say('findings/scorer-lines.242'),
  243: say('findings/scorer-lines.243'),
  298: say('findings/scorer-lines.298'),
  300: 'truth vectors stacked',
  310: 'per-category support',
  312: say('findings/scorer-lines.312'),
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
