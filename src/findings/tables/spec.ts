/** A table as data: what DataTable renders and what the CSV endpoint writes. */
import type { TableData } from '../table.ts';

export interface TableSpec {
  /** Stable: the element id on the page and the CSV's file name. */
  readonly id: string;
  readonly caption: string;
  readonly table: TableData;
}

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
