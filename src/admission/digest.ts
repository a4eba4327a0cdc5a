/** The digests the audit uses (of a file's bytes, of its index's `splits`), by Web Crypto: no `node:` import. */
import type { JsonValue } from './parse.ts';

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
const bytesOf = (data: Uint8Array | string) =>
  typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);

export const sha256Hex = async (data: Uint8Array | string): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', bytesOf(data)));

/** git's blob id: SHA-1 of `blob <length>\0<bytes>`. */
export async function gitBlobId(bytes: Uint8Array): Promise<string> {
  const head = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const all = new Uint8Array(head.length + bytes.length);
  all.set(head);
  all.set(bytes, head.length);
  return hex(await crypto.subtle.digest('SHA-1', all));
}

// Python's str sort and sort_keys compare code points; JS's default sort compares UTF-16 units.
function byCodePoint(a: string, b: string): number {
  const ca = Array.from(a, (ch) => ch.codePointAt(0)!);
  const cb = Array.from(b, (ch) => ch.codePointAt(0)!);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
  return ca.length - cb.length;
}

/** A string as Python's json.dumps writes it with ensure_ascii: JSON's escapes, and every unit past `~` as \uXXXX. */
const pythonJsonString = (s: string) =>
  JSON.stringify(s).replace(/[\x7f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))`. A non-integer number is
 * refused rather than guessed at, since Python's float repr differs from JavaScript's.
 */
export function pythonCanonicalJson(v: JsonValue): string {
  if (typeof v === 'number' && !Number.isSafeInteger(v))
    throw new TypeError(`canonical JSON of a non-integer number (${v}) is not supported`);
  if (typeof v === 'string') return pythonJsonString(v);
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(pythonCanonicalJson).join(',')}]`;
  const keys = Object.keys(v);
  // The two orders differ only where a surrogate pair meets a unit at or above U+E000.
  keys.sort(keys.some((k) => /[\ud800-\udfff]/.test(k)) ? byCodePoint : undefined);
  return `{${keys.map((k) => `${pythonJsonString(k)}:${pythonCanonicalJson(v[k]!)}`).join(',')}}`;
}

/** The audit's index digest: sha256 of the canonical JSON of `splits`. */
export const indexDigest = (splits: JsonValue): Promise<string> => sha256Hex(pythonCanonicalJson(splits));
