/**
 * The audit revision a lock names, as one short identifier a reader can quote: the
 * SHA-256 of the lock's canonical form, `{pins, files}` with files sorted by path, keys
 * sorted, no whitespace (the serialisation the audit uses for its index digest). Left
 * out: the `$comment`, each file's `blob` (a second name for the bytes the sha256
 * already pins) and `sources` (files the claims rest on, not the admitted results).
 */
import { pythonCanonicalJson, sha256Hex } from './digest.ts';
import type { JsonValue } from './parse.ts';
import type { Lock } from './schemas.ts';

/** How many hex characters of the digest name a revision in prose and citations. */
const SHORT_DIGEST = 12;

function canonicalLock(lock: Lock): string {
  const files = [...lock.files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, repository, commit, bytes, sha256 }) => ({ path, repository, commit, bytes, sha256 }));
  return pythonCanonicalJson({ pins: lock.pins, files } as unknown as JsonValue);
}

export const lockDigest = (lock: Lock): Promise<string> => sha256Hex(canonicalLock(lock));

export const shortDigest = (digest: string): string => digest.slice(0, SHORT_DIGEST);
