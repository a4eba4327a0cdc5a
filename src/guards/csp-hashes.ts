/** After the build: the hash of each inline script, added to its page's Content-Security-Policy. */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCRIPT_SOURCES } from '../site/csp.ts';

/** Adds the hash of every inline script to its page's policy; returns how many pages needed one. */
export function hashInlineScripts(dist: string): number {
  let pages = 0;
  for (const e of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.html')) continue;
    const path = join(e.parentPath, e.name);
    const html = readFileSync(path, 'utf8');
    const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    if (hashes.length === 0) continue;
    const marker = `script-src ${SCRIPT_SOURCES}`;
    if (!html.includes(marker)) throw new Error(`${path}: an inline script, but no Content-Security-Policy to add its hash to`);
    writeFileSync(path, html.replace(marker, `${marker} ${hashes.join(' ')}`));
    pages++;
  }
  return pages;
}
