/**
 * A table's CSV (each column with its unit; a per-split table carries its split as a column) and its sidecar
 * (the page's words, the pages showing it). Paths are under the site's base: the routes make them addresses.
 */
import type { Audit } from '../audit/assemble.ts';
import { formatFigure, type Kind } from '../provenance/format.ts';
import type { Words } from '../provenance/provenance.ts';
import { tableItems, type Rich } from './descriptors/descriptor.ts';
import { FINDINGS, evidenceOf } from './registry.ts';
import { reportPlacement } from './report-summary.ts';
import { changeTables } from '../tables/changes.ts';
import { artifactsTable } from '../tables/site.ts';
import type { Cell, Column, TableSpec } from '../tables/spec.ts';
import { csvHeader } from '../tables/csv.ts';
import { say } from '../core/strings.ts';

/** A table as the site shows it: where it is, what its caption says, the split it is for. */
export interface TableDownload {
  readonly spec: TableSpec;
  /** The page's caption, with the words after it (a split, its file counts) as plain text. */
  readonly caption: string;
  readonly split?: Words;
  /** The pages that show the table, at its anchor: its property pages, or the method page. */
  readonly pages: readonly string[];
}

/** The unit a column of raw values is in, by the kind of figure its cells hold; none for plain whole numbers and text. */
const UNITS: Partial<Record<Kind, string>> = {
  score: say('findings/table-downloads.score-unit'),
  f1: 'F1, zero to one',
  ratio: 'ratio, x',
  count: 'count',
  megabytes: 'bytes',
};

/** Rich text as plain text: figures formatted as the page formats them, artifact words as they are. */
export function plainText(parts: Rich): string {
  return parts
    .map((p) => (typeof p === 'string' ? p : 'fig' in p ? formatFigure(p.fig.value, p.fig.kind) : p.words.text))
    .join('');
}

/** Every table the site shows, in the order of allTables (registry.ts), with what its download needs. */
export function tableDownloads(a: Audit): TableDownload[] {
  const found = FINDINGS.flatMap((f) =>
    tableItems(evidenceOf(a, f.id)).map((item) => ({
      spec: item.table,
      caption: item.caption ? `${item.table.caption} ${plainText(item.caption)}` : item.table.caption,
      ...(item.split ? { split: item.split } : {}),
      // The report shows a table unless the finding's evidence moved to its property pages (report-summary.ts).
      pages: [
        ...(reportPlacement(f) === 'elsewhere' ? [] : [`/#${item.table.id}`]),
        ...f.properties.map((p) => `properties/${p.toLowerCase()}/#${item.table.id}`),
      ],
    })),
  );
  const artifacts = artifactsTable(a);
  const changes = changeTables(a).map((spec) => ({ spec, caption: spec.caption, pages: [`changes/#${spec.id}`] }));
  return [...found, { spec: artifacts, caption: artifacts.caption, pages: [`method/#${artifacts.id}`] }, ...changes];
}

/** The kind of figure every figure cell of a column holds, when they all hold the same one. */
function columnKind(spec: TableSpec, i: number): Kind | undefined {
  const kinds = new Set(spec.table.rows.flatMap((r) => (r[i] && 'fig' in r[i]! ? [r[i]!.fig.kind] : [])));
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/** A column's unit, in words, or none. Percentages are left to the CSV writer, which says they are fractions of one. */
export function columnUnit(spec: TableSpec, i: number): string | undefined {
  const kind = columnKind(spec, i);
  return kind === undefined ? undefined : UNITS[kind];
}

/** The table as its CSV writes it: each column named with its unit, and the split first where the table is one split's. */
export function csvSpec(d: TableDownload): TableSpec {
  const { spec, split } = d;
  const columns: Column[] = spec.table.columns.map((c, i) => {
    const unit = columnUnit(spec, i);
    return unit === undefined ? c : { ...c, suffix: `${c.suffix ? `${c.suffix} ` : ''}(${unit})` };
  });
  if (!split) return { ...spec, table: { columns, rows: spec.table.rows } };
  const splitCell: Cell = { words: split };
  return {
    ...spec,
    table: { columns: [{ label: 'split' }, ...columns], rows: spec.table.rows.map((r) => [splitCell, ...r]) },
  };
}

/** The sidecar's description of a CSV: what it is, where it is shown, what each column (as its header names it) holds. */
export function csvDescription(d: TableDownload) {
  const names = csvHeader(csvSpec(d));
  const offset = d.split ? 1 : 0;
  return {
    csv: `${d.spec.id}.csv`,
    caption: d.caption,
    ...(d.split ? { split: d.split.text } : {}),
    description: say('findings/table-downloads.description', d.caption),
    shown_on: d.pages,
    columns: names.map((name, i) => {
      if (i < offset) return { name, holds: say('findings/table-downloads.holds') };
      const kind = columnKind(d.spec, i - offset);
      const unit = kind?.startsWith('percent')
        ? say('findings/table-downloads.unit')
        : kind === undefined
          ? undefined
          : UNITS[kind];
      return { name, ...(unit ? { unit } : {}) };
    }),
  };
}
