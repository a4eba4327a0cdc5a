/**
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet reads a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return as a formula and may run it
 * (`=HYPERLINK(...)`, `=cmd|...`). Artifact strings are untrusted, so such a cell is
 * written with a leading single quote, which spreadsheets show as text and do not
 * evaluate, and quoted. A plain number (`-0.25`, `+3`, `1e-5`) is a value, not a
 * formula, and stays as it is, so negative figures remain numbers.
 */
import { say } from '../core/strings.ts';

/** What starts a formula, as OWASP lists it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as a CSV reader takes one: optional sign, digits with an optional fraction, an optional exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const FORMULA_RULE = say('tables/csv-formula.FORMULA_RULE');

export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** The cell's text as written: a formula-like one with its leading quote. */
export function neutralised(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}
