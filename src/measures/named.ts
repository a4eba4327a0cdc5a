/**
 * Derived figures that prose may cite by name (<Derived name="..." />). A name
 * that is not here fails the build, both in the MDX source check and at render.
 */
import type { Audit } from '../audit/assemble.ts';
import type { Figure } from '../provenance/provenance.ts';
import { abstractCount, abstractErrorGap, filesScored } from './abstract-counts.ts';
import { absentLocations } from './adversarial.ts';
import { elevenPercent } from './eleven-percent.ts';
import { driftTotals, fallback, shuffleFigures } from './label-reach.ts';
import { table5 } from './table5.ts';

export const NAMED_DERIVATIONS = {
  'eleven-percent/combined': (a) => elevenPercent(a).combined,
  'eleven-percent/plain-mean': (a) => elevenPercent(a).plainMean,
  'eleven-percent/plain-mean-rounded': (a) => elevenPercent(a).plainMeanRounded,
  'eleven-percent/weighted-by-files': (a) => elevenPercent(a).byFiles,
  'eleven-percent/weighted-by-errors': (a) => elevenPercent(a).byErrors,
  'absent-locations/count': (a) => absentLocations(a).count,
  'table-5/cells-compared': (a) => table5(a).compared,
  'table-5/cells-disagreeing': (a) => table5(a).disagreeing,
  'table-5/total-paper-traces': (a) => abstractCount(a, 'traces', 'table5'),
  'table-5/total-paper-errors': (a) => abstractCount(a, 'errors', 'table5'),
  'table-5/total-here-traces': (a) => abstractCount(a, 'traces', 'tree'),
  'table-5/total-here-errors': (a) => abstractCount(a, 'errors', 'tree'),
  'table-5/abstract-error-gap': (a) => abstractErrorGap(a),
  'adversarial/files-scored': (a) => filesScored(a),
  'fallback/longest-needed': (a) => fallback(a).longestNeeded,
  'fallback/reached-by-one': (a) => fallback(a).reachedByOne,
  'shuffle/ambiguous-gold-spellings': (a) => shuffleFigures(a).ambiguous,
  'shuffle/figures-moved': (a) => shuffleFigures(a).moved,
  'shuffle/figures-rescored': (a) => shuffleFigures(a).rescored,
  'drift/spellings': (a) => driftTotals(a).spellings,
  'drift/errors': (a) => driftTotals(a).errors,
} as const satisfies Record<string, (a: Audit) => Figure>;

export type DerivationName = keyof typeof NAMED_DERIVATIONS;

export function isDerivationName(name: string): name is DerivationName {
  return Object.hasOwn(NAMED_DERIVATIONS, name);
}

export function namedFigure(a: Audit, name: string): Figure {
  if (!isDerivationName(name)) throw new Error(`<Derived name="${name}">: no such derivation in src/measures/named.ts`);
  return NAMED_DERIVATIONS[name](a);
}
