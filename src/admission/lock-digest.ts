/**
 * The audit revision a lock names: the SHA-256 of `{pins, files}` in the index digest's canonical JSON,
 * files sorted by path, without `$comment`, `blob` (the sha256 pins the bytes) and `sources`.
 */
import { pythonCanonicalJson, sha256Hex } from './digest.ts';
import type { JsonValue } from './parse.ts';
import type { Lock } from './schemas.ts';

/** The fields of each file entry the digest covers, in the order a reader would list them. */
export const LOCK_DIGEST_FIELDS = ['path', 'repository', 'commit', 'bytes', 'sha256'] as const;

/** How many hex characters of the digest name a revision in prose and citations. */
const SHORT_DIGEST = 12;

function canonicalLock(lock: Lock): string {
  const files = [...lock.files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => Object.fromEntries(LOCK_DIGEST_FIELDS.map((k) => [k, f[k]])));
  return pythonCanonicalJson({ pins: lock.pins, files } as unknown as JsonValue);
}

export const lockDigest = (lock: Lock): Promise<string> => sha256Hex(canonicalLock(lock));

export const shortDigest = (digest: string): string => digest.slice(0, SHORT_DIGEST);
