/** The built pages, read from dist/, as paths under the base. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const DIST = join(import.meta.dirname, '../../dist');

export function builtPages(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(DIST, join(e.parentPath, e.name)).replace(/index\.html$/, '').replace(/\\/g, '/'))
    .sort();
}
