/**
 * Every page and download under a stated size (a list well within the artifact limit can still make a page no
 * browser opens); the build stops naming the page or table. Checked on sizes alone, before any pass reads them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from '../core/problem.ts';

export const PAGE_LIMIT = 4 * 1024 * 1024;
export const DOWNLOAD_LIMIT = 4 * 1024 * 1024;

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** What the file is, as a reader would name it: a page, a table's CSV or sidecar, an evidence packet. */
function named(rel: string): { what: string; limit: number } | undefined {
  const table = /^data\/(.+?)\.csv(\.meta\.json)?$/.exec(rel);
  if (table)
    return {
      what: table[2] ? `the sidecar of table ${table[1]}` : `the CSV of table ${table[1]}`,
      limit: DOWNLOAD_LIMIT,
    };
  if (rel.endsWith('.html')) return { what: `the page /${rel.replace(/(^|\/)index\.html$/, '$1')}`, limit: PAGE_LIMIT };
  if (rel.endsWith('.json') || rel.endsWith('.xml') || rel.endsWith('.txt'))
    return { what: `the download /${rel}`, limit: DOWNLOAD_LIMIT };
  return undefined;
}

/** On a page that is over, the table that takes most of it (tables are where an artifact's lists land). */
function largestTable(path: string): string {
  const html = readFileSync(path, 'utf8');
  let best: { id: string; bytes: number } | undefined;
  for (const m of html.matchAll(/<figure\b[^>]*?\bid="(table-[^"]+)"/g)) {
    const end = html.indexOf('</figure>', m.index);
    const bytes = (end < 0 ? html.length : end) - m.index;
    if (!best || bytes > best.bytes) best = { id: m[1]!, bytes };
  }
  return best ? `; most of it is table ${best.id} (${MiB(best.bytes)})` : '';
}

export function checkOutputSizes(dist: string): Problem[] {
  const problems: Problem[] = [];
  for (const e of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = relative(dist, join(e.parentPath, e.name)).split(sep).join('/');
    // Pagefind's index is written after this check, by Pagefind, from these pages.
    if (rel.startsWith('pagefind/')) continue;
    const kind = named(rel);
    if (!kind) continue;
    const size = statSync(join(e.parentPath, e.name)).size;
    if (size > kind.limit) {
      const table = rel.endsWith('.html') ? largestTable(join(e.parentPath, e.name)) : '';
      problems.push({
        file: rel,
        place: '',
        message: `${kind.what} is ${size} bytes (${MiB(size)}), above the limit of ${kind.limit} bytes (${MiB(kind.limit)}) for anything the site publishes${table}`,
      });
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file));
}
