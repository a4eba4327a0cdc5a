/**
 * The audit revision a lock names: the SHA-256 of `{pins, files}` in the index digest's canonical JSON,
 * files sorted by path, without `$comment`, `blob` (the sha256 pins the bytes) and `sources`.
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
