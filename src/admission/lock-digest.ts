/**
 * The audit revision a lock names, as one short identifier a reader can quote:
 * the SHA-256 of the lock's canonical form. The canonical form is what the lock
 * admits, independent of how the file is laid out: `{pins, files}` (the `$comment`
 * is left out, since rewording it admits nothing new), files sorted by path, keys
 * sorted, no whitespace (the same serialisation the audit uses for its index digest).
 */
import { pythonCanonicalJson, sha256Hex } from './digest.ts';
import type { JsonValue } from './json.ts';
import type { Lock } from './schemas.ts';

/** How many hex characters of the digest name a revision in prose and citations. */
export const SHORT_DIGEST = 12;

export function canonicalLock(lock: Lock): string {
  const files = [...lock.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return pythonCanonicalJson({ pins: lock.pins, files } as unknown as JsonValue);
}

export function lockDigest(lock: Lock): string {
  return sha256Hex(canonicalLock(lock));
}

export const shortDigest = (digest: string): string => digest.slice(0, SHORT_DIGEST);
