/**
 * CSV injection (OWASP): a cell starting with = + - @, a tab or a carriage return is quoted with a leading single
 * quote so a spreadsheet shows it as text; a plain number (`-0.25`, `1e-5`) stays a value.
 */
import { say } from '../core/strings.ts';

/** What starts a formula, as OWASP lists it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Where a spreadsheet may start a new cell inside one field: a tab, `;` (a locale's list separator), a line break. */
const CELL_BREAK = /(?<=[\t;\r\n])/;
/** A number as a CSV reader takes one: optional sign, digits with an optional fraction, an optional exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const FORMULA_RULE = say('tables/csv-formula.FORMULA_RULE');

const startsFormula = (piece: string) => FORMULA_START.test(piece) && !PLAIN_NUMBER.test(piece);

/** A formula start at the field's beginning or after any tab, `;` or line break in it. */
export function isFormulaLike(text: string): boolean {
  return text.split(CELL_BREAK).some(startsFormula);
}

/** The cell's text as written: each formula-like start with a single quote before it. */
export function neutralised(text: string): string {
  return text
    .split(CELL_BREAK)
    .map((piece) => (startsFormula(piece) ? `'${piece}` : piece))
    .join('');
}
