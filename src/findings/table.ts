/** The typed cells a findings table is made of: figures and artifact strings, never pre-formatted text. */
import type { Figure, Source, Words } from '../figures/provenance.ts';

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
