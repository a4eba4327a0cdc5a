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

// The two orders differ only where a surrogate pair meets a unit at or above U+E000.
const SURROGATE = /[\ud800-\udfff]/;
function sortedKeys(value: { readonly [key: string]: unknown }): string[] {
  const keys = Object.keys(value);
  for (const k of keys) if (SURROGATE.test(k)) return keys.sort(byCodePoint);
  return keys.sort();
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as Python's json.dumps writes it with ensure_ascii (the default). */
function pythonJsonString(s: string): string {
  if (PLAIN.test(s)) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))`. A non-integer number is
 * refused rather than guessed at, since Python's float repr differs from JavaScript's.
 */
export function pythonCanonicalJson(value: JsonValue): string {
  let out = '';
  const write = (v: JsonValue): void => {
    if (v === null) out += 'null';
    else if (v === true) out += 'true';
    else if (v === false) out += 'false';
    else if (typeof v === 'string') out += pythonJsonString(v);
    else if (typeof v === 'number') {
      if (!Number.isSafeInteger(v))
        throw new TypeError(`canonical JSON of a non-integer number (${v}) is not supported`);
      out += String(v);
    } else if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out += ',';
        write(v[i]!);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const k of sortedKeys(v)) {
        if (!first) out += ',';
        first = false;
        out += pythonJsonString(k) + ':';
        write(v[k]!);
      }
      out += '}';
    }
  };
  write(value);
  return out;
}

/** The audit's index digest: sha256 of the canonical JSON of `splits`. */
export const indexDigest = (splits: JsonValue): Promise<string> => sha256Hex(pythonCanonicalJson(splits));
