/** A post-build pass: the hash of each inline script, added to its page's Content-Security-Policy. */
import { createHash } from 'node:crypto';
import { ProblemError } from '../core/problem.ts';
import { SCRIPT_SOURCES } from '../site/csp.ts';

/** One page (`rel`, for the refusal) with the hash of every inline script added to its policy; the same string when it has none. */
export function hashInlineScripts(html: string, rel: string): string {
  // A JSON-LD data block is never run, so the policy needs (and gets) no hash for it.
  const hashes = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  if (hashes.length === 0) return html;
  const marker = `script-src ${SCRIPT_SOURCES}`;
  if (!html.includes(marker))
    throw new ProblemError([
      { file: rel, place: 'script', message: 'an inline script, but no Content-Security-Policy to add its hash to' },
    ]);
  return html.replace(marker, `${marker} ${hashes.join(' ')}`);
}
