/** A table as CSV (RFC 4180): one header row, then raw values at full precision, not the formatted ones. */
import { cellText, type Cell, type Column, type TableSpec } from './spec.ts';
import { visibleKeepingLines } from '../provenance/untrusted.ts';
import { FORMULA_RULE, isFormulaLike, neutralised } from './csv-formula.ts';
import { say } from '../core/strings.ts';

// Tab and `;` are quoted too: a spreadsheet import may split on them.
function field(s: string): string {
  return /[",;\t\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

// The CSV holds raw values: a column shown as percentages holds fractions of one, and its header says so.
function header(c: Column, percent: boolean): string {
  const base = typeof c.label === 'string' ? c.label : c.label.text;
  const named = c.suffix ? `${base} ${c.suffix}` : base;
  return percent ? say('tables/csv.header', named) : named;
}

function isPercent(c: Cell | undefined): boolean {
  return c !== undefined && 'fig' in c && c.fig.kind.startsWith('percent');
}

// A link named by artifact words (a property) exports the name; one named by our words (view, download) its target.
function value(c: Cell): string {
  return 'link' in c && typeof c.link.text === 'string' ? c.link.to : cellText(c);
}

function lines(spec: TableSpec): string[][] {
  const percent = spec.table.columns.map((_, i) => spec.table.rows.some((r) => isPercent(r[i])));
  // Control characters in artifact strings are shown visibly, never written raw (src/provenance/untrusted.ts).
  return [
    spec.table.columns.map((c, i) => visibleKeepingLines(header(c, percent[i]!))),
    ...spec.table.rows.map((r) => r.map((c) => visibleKeepingLines(value(c)))),
  ];
}

/** The header's names as a CSV reader reads them back (a formula-like one keeps its leading quote). */
export const csvHeader = (spec: TableSpec) => lines(spec)[0]!.map((s) => (isFormulaLike(s) ? neutralised(s) : s));

export function toCsv(spec: TableSpec): string {
  // A cell a spreadsheet would run as a formula is written as text, always quoted (csv-formula.ts).
  const cell = (s: string) => (isFormulaLike(s) ? `"${neutralised(s).replaceAll('"', '""')}"` : field(s));
  return (
    lines(spec)
      .map((l) => l.map(cell).join(','))
      .join('\r\n') + '\r\n'
  );
}

/** For the CSV's sidecar: which cells were written as text rather than as the formula they look like, and how. */
export function csvFormulaNote(spec: TableSpec): {
  rule: string;
  rows: string;
  cells: { row: number; column: string }[];
} {
  const all = lines(spec);
  const names = all[0]!;
  const cells = all.flatMap((l, i) => l.flatMap((s, j) => (isFormulaLike(s) ? [{ row: i, column: names[j]! }] : [])));
  return { rule: FORMULA_RULE, rows: say('tables/csv.rows'), cells };
}
