/** A table as data: typed cells (figures and artifact strings, never pre-formatted text), what DataTable renders and the CSV endpoint writes. */
import type { ArtifactSource, Figure, Source, Words } from '../provenance/provenance.ts';
import type { Verdict } from '../admission/schemas.ts';

export type Cell =
  | { readonly fig: Figure; readonly flag?: string }
  | { readonly words: Words; readonly as?: 'quote' | 'name' }
  | { readonly ident: string; readonly source: Source; readonly short?: number; readonly isKey?: boolean }
  /** Our own label text (the figure guard refuses digits in it like anywhere else); `source` when it renders an artifact value in our words (a boolean as yes or no, a null, which loop). */
  | { readonly label: string; readonly source?: ArtifactSource }
  /** A verdict from an artifact, shown as a styled badge. */
  | { readonly verdict: Verdict; readonly source: ArtifactSource }
  /** A link to a site path (the page adds the base) or an absolute URL; its text ours, or artifact words. */
  | { readonly link: { readonly to: string; readonly text: string | Words; readonly download?: boolean } }
  | { readonly empty: true };

/** The source of a cell's value, when it has one. */
export function cellSource(c: Cell): Source | undefined {
  if ('fig' in c) return c.fig.source;
  if ('words' in c) return c.words.source;
  if ('verdict' in c || 'ident' in c || 'label' in c) return c.source;
  if ('link' in c && typeof c.link.text !== 'string') return c.link.text.source;
  return undefined;
}

export interface Column {
  readonly label: string | Words;
  /** Our words after an artifact label, e.g. a split name followed by what its column holds. */
  readonly suffix?: string;
  readonly numeric?: boolean;
}

/** Columns from labels: a string or artifact words is a text column, `num(label)` a numeric one. */
export const cols = (...labels: readonly (string | Words | Column)[]): Column[] =>
  labels.map((l) => (typeof l === 'string' || 'text' in l ? { label: l } : l));
export const num = (label: string | Words): Column => ({ label, numeric: true });

export interface TableData {
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly Cell[])[];
}

export interface TableSpec {
  /** Stable: the element id on the page and the CSV's file name. */
  readonly id: string;
  readonly caption: string;
  readonly table: TableData;
}

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A cell's plain text: a figure's raw value, the words, identifier, label or verdict, a link's text; empty for an empty cell. */
export function cellText(c: Cell): string {
  if ('fig' in c) return String(c.fig.value);
  if ('words' in c) return c.words.text;
  if ('ident' in c) return c.ident;
  if ('label' in c) return c.label;
  if ('verdict' in c) return c.verdict;
  if ('link' in c) return typeof c.link.text === 'string' ? c.link.text : c.link.text.text;
  return '';
}
