/** A table as data: typed cells (figures and artifact strings, never pre-formatted text), what DataTable renders and the CSV endpoint writes. */
import type { Figure, Source, Words } from '../../figures/provenance.ts';

export type Cell =
  | { readonly fig: Figure; readonly flag?: string }
  | { readonly words: Words; readonly as?: 'quote' | 'name' }
  | { readonly ident: string; readonly source: Source; readonly short?: number; readonly isKey?: boolean }
  /** Our own label text; the figure guard refuses digits in it like anywhere else. */
  | { readonly label: string }
  | { readonly empty: true };

export interface Column {
  readonly label: string | Words;
  /** Our words after an artifact label, e.g. a split name followed by what its column holds. */
  readonly suffix?: string;
  readonly numeric?: boolean;
}

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

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
