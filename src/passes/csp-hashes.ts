/** A post-build pass (it rewrites dist/): the hash of each inline script, added to its page's Content-Security-Policy. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { ProblemError } from '../core/problem.ts';
import { builtPages } from '../site/built-pages.ts';
import { SCRIPT_SOURCES } from '../site/csp.ts';

/** Adds the hash of every inline script to its page's policy; returns how many pages needed one. */
export function hashInlineScripts(dist: string): number {
  let pages = 0;
  for (const { path, rel } of builtPages(dist)) {
    const html = readFileSync(path, 'utf8');
    const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    if (hashes.length === 0) continue;
    const marker = `script-src ${SCRIPT_SOURCES}`;
    if (!html.includes(marker)) throw new ProblemError([{ file: rel, place: 'script', message: 'an inline script, but no Content-Security-Policy to add its hash to' }]);
    writeFileSync(path, html.replace(marker, `${marker} ${hashes.join(' ')}`));
    pages++;
  }
  return pages;
}
