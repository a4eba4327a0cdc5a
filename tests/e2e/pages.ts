/** The built pages, read from dist/, as paths under the base. */
import { join } from 'node:path';
import { builtPages as walk } from '../../src/site/built-pages.ts';

export const DIST = join(import.meta.dirname, '../../dist');

export function builtPages(): string[] {
  return walk(DIST).map((p) => p.rel.replace(/index\.html$/, ''));
}
