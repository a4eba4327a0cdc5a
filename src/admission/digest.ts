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

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A string as Python's json.dumps writes it with ensure_ascii (the default). */
function pythonJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    if (ch in SHORT_ESCAPES) out += SHORT_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))`. Only the shapes the
 * index holds are supported; a non-integer number is refused rather than guessed at,
 * since Python's float repr differs from JavaScript's.
 */
export function pythonCanonicalJson(value: JsonValue): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return pythonJsonString(value);
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    throw new TypeError(`canonical JSON of a non-integer number (${value}) is not supported`);
  }
  if (Array.isArray(value)) return '[' + value.map(pythonCanonicalJson).join(',') + ']';
  const keys = Object.keys(value).sort(byCodePoint);
  return '{' + keys.map((k) => pythonJsonString(k) + ':' + pythonCanonicalJson(value[k]!)).join(',') + '}';
}

/** The audit's index digest: sha256 of the canonical JSON of `splits` (SOURCE.md). */
export function indexDigest(splits: JsonValue): string {
  return sha256Hex(pythonCanonicalJson(splits));
}
