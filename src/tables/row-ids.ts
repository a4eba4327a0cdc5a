/**
 * A row's id, `<table id>--<slug of its header cell>`, kept when rows move; collisions are told apart by the next
 * cells, identical rows numbered -2, -3... The link check refuses duplicate ids.
 */
import { createHash } from 'node:crypto';
import { cellText, type TableSpec } from './spec.ts';

/** How long a row slug may grow before it is cut and a digest of the whole key keeps it unique. */
const MAX_SLUG = 48;
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** A URL-fragment-safe slug: lowercase ASCII letters, digits and hyphens; long keys cut and suffixed by a digest. */
export function rowSlug(key: string): string {
  const s = key
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s === '') return `row-${sha256Hex(key).slice(0, 8)}`;
  if (s.length <= MAX_SLUG) return s;
  return `${s.slice(0, MAX_SLUG).replace(/-+$/, '')}-${sha256Hex(key).slice(0, 8)}`;
}

/** The id of each row of `spec`, in row order. */
export function rowIds(spec: TableSpec): string[] {
  const texts = spec.table.rows.map((row) => row.map(cellText));
  const width = Math.max(1, ...texts.map((t) => t.length));
  const slugs: string[] = new Array(texts.length);
  let open = texts.map((_, i) => i);
  for (let k = 1; open.length > 0 && k <= width; k++) {
    const keyOf = (i: number) => rowSlug(texts[i]!.slice(0, k).join(' '));
    const count = new Map<string, number>();
    for (const i of open) count.set(keyOf(i), (count.get(keyOf(i)) ?? 0) + 1);
    const still: number[] = [];
    for (const i of open) {
      if (count.get(keyOf(i)) === 1 || k === width) slugs[i] = keyOf(i);
      else still.push(i);
    }
    open = still;
  }
  // Rows identical in every cell (or slugs that meet by chance): number the repeats in order.
  const taken = new Set<string>();
  return slugs.map((s) => {
    let id = s;
    for (let n = 2; taken.has(id); n++) id = `${s}-${n}`;
    taken.add(id);
    return `${spec.id}--${id}`;
  });
}
