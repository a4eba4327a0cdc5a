/** The two kinds of digest the audit uses: of a file's bytes, and of its index's `splits`. */
import { createHash } from 'node:crypto';
import type { JsonValue } from './json.ts';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

// Python's str sort and sort_keys compare code points; JS's default sort compares UTF-16 units.
function byCodePoint(a: string, b: string): number {
  const ca = Array.from(a, (ch) => ch.codePointAt(0)!);
  const cb = Array.from(b, (ch) => ch.codePointAt(0)!);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
  return ca.length - cb.length;
}

// The two orders differ only where a surrogate pair meets a unit at or above U+E000; without surrogates the default sort is the code-point sort.
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
// Printable ASCII other than the quote and the backslash: written as is, so such a string needs no per-character pass.
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
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))`. Only the shapes the
 * index holds are supported; a non-integer number is refused rather than guessed at,
 * since Python's float repr differs from JavaScript's. Written in one pass into one
 * string (no intermediate array per object or list).
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

/** The audit's index digest: sha256 of the canonical JSON of `splits` (SOURCE.md). */
export function indexDigest(splits: JsonValue): string {
  return sha256Hex(pythonCanonicalJson(splits));
}
