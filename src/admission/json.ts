/**
 * A strict JSON reader. JSON.parse would do for well-formed input, but admission
 * must also refuse what JSON.parse lets through (duplicate keys, where the last
 * silently wins; numbers too large for a double) and must report where a file
 * breaks as line and column. So JSON.parse runs first, as the fast path, and its
 * result is kept only when a check proves the strict reader below would have built
 * the same value; anything else goes through the strict reader, which refuses it
 * with its place in the file.
 * Key names cannot steer it: objects are built without a prototype, and the key
 * `__proto__` (which no artifact has, and which a validated plain object could not
 * hold faithfully) is refused. Nesting is bounded, so a hostile file ends in one
 * refusal, not a stack overflow.
 */
import { toPointer, type PathSegment } from './pointer.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  readonly pointer: string;
  readonly expected: string;
  readonly found: string;
  constructor(expected: string, found: string, line: number, column: number, pointer: string) {
    super(`expected ${expected}; found ${found} at line ${line}, column ${column}`);
    this.expected = expected;
    this.found = found;
    this.line = line;
    this.column = column;
    this.pointer = pointer;
  }
}

/** Deeper than any artifact needs (the real files nest at most five levels). */
export const MAX_JSON_DEPTH = 64;

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export function parseStrictJson(text: string): JsonValue {
  // Nesting is bounded before JSON.parse builds anything: 16 MB of '[' would cost it seconds and a gigabyte.
  const keys = keysWithinDepth(text);
  if (keys === undefined) return parseLocated(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseLocated(text);
  }
  return conforms(value, keys) ? (value as JsonValue) : parseLocated(text);
}

/**
 * Whether JSON.parse's value is what parseLocated would return: every number finite,
 * no "__proto__" key, and no key given twice (JSON.parse keeps one of two equal keys,
 * so the keys it kept must number as many as the text has). Objects lose their
 * prototype on the way, as parseLocated builds them. Nesting was bounded before.
 */
function conforms(root: unknown, keysInText: number): boolean {
  let kept = 0;
  const walk = (v: unknown): boolean => {
    if (typeof v === 'number') return Number.isFinite(v);
    if (v === null || typeof v !== 'object') return true;
    if (Array.isArray(v)) {
      for (const item of v) if (!walk(item)) return false;
      return true;
    }
    if (Object.hasOwn(v, '__proto__')) return false;
    Object.setPrototypeOf(v, null);
    for (const key in v) {
      kept++;
      if (!walk((v as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
  return walk(root) && kept === keysInText;
}

/**
 * One pass over the text before it is parsed: how many keys it has (its strings
 * followed by ':'), or undefined when its brackets nest deeper than the limit or a
 * string is not closed (the strict reader then says where). Outside a string only
 * brackets and quotes matter, and a quote inside one is escaped by an odd run of
 * backslashes, so hopping from one to the next finds exactly the text's strings and
 * nesting, whenever the text is JSON at all (when it is not, JSON.parse refuses it).
 */
function keysWithinDepth(text: string): number | undefined {
  const mark = /["[\]{}]/g;
  let keys = 0;
  let depth = 0;
  for (let m = mark.exec(text); m !== null; m = mark.exec(text)) {
    const c = m[0];
    if (c === '[' || c === '{') {
      if (++depth > MAX_JSON_DEPTH) return undefined;
    } else if (c === ']' || c === '}') {
      depth--;
    } else {
      let close = text.indexOf('"', m.index + 1);
      while (close !== -1 && escapedAt(text, close)) close = text.indexOf('"', close + 1);
      if (close === -1) return undefined;
      let next = close + 1;
      while (WS.has(text[next]!)) next++;
      if (text[next] === ':') keys++;
      mark.lastIndex = close + 1;
    }
  }
  return keys;
}

/** Whether the quote at `at` follows an odd run of backslashes. */
function escapedAt(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}

/** The reader that knows where it is: builds the value, or refuses the text with its line, column and pointer. */
function parseLocated(text: string): JsonValue {
  let pos = 0;
  let depth = 0;
  const path: PathSegment[] = [];

  const fail = (expected: string, at = pos): never => {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at && i < text.length; i++) {
      if (text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    const found = at >= text.length ? 'the end of the file' : `${JSON.stringify(text.slice(at, at + 12))}`;
    throw new JsonSyntaxError(expected, found, line, at - lineStart + 1, toPointer(path));
  };
  const skip = () => {
    while (pos < text.length && WS.has(text[pos]!)) pos++;
  };

  const parseString = (): string => {
    const start = pos;
    pos++; // opening quote
    // Fast path: a string with no escape is one slice, not a character-by-character build.
    const close = text.indexOf('"', pos);
    if (close > 0) {
      const slice = text.slice(pos, close);
      if (!slice.includes('\\') && !/[\u0000-\u001f]/.test(slice)) {
        pos = close + 1;
        return slice;
      }
    }
    let out = '';
    for (;;) {
      if (pos >= text.length) fail('a closing quote', start);
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        pos++;
        return out;
      }
      if (c < 0x20) fail('no raw control character inside a string');
      if (c === 0x5c) {
        const e = text[pos + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          pos += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
          out += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16));
          pos += 6;
        } else {
          fail('a valid escape sequence');
        }
      } else {
        out += text[pos];
        pos++;
      }
    }
  };

  const parseValue = (): JsonValue => {
    skip();
    const c = text[pos];
    if ((c === '{' || c === '[') && ++depth > MAX_JSON_DEPTH)
      fail(`at most ${MAX_JSON_DEPTH} levels of nested objects and arrays`);
    if (c === '{') {
      pos++;
      // No prototype: no key name can reach Object.prototype or set one.
      const obj = Object.create(null) as Record<string, JsonValue>;
      skip();
      if (text[pos] === '}') {
        pos++;
        depth--;
        return obj;
      }
      for (;;) {
        skip();
        if (text[pos] !== '"')
          fail(text[pos] === '}' ? 'another key (a trailing comma is not JSON)' : 'a double-quoted key');
        const keyAt = pos;
        const key = parseString();
        if (key === '__proto__') {
          path.push(key);
          fail(
            'a key other than "__proto__" (no artifact field has that name, and a validated object could not keep it)',
            keyAt,
          );
        }
        if (Object.hasOwn(obj, key)) {
          path.push(key);
          fail(`each key once per object (JSON.parse would silently keep the last ${JSON.stringify(key)})`, keyAt);
        }
        skip();
        if (text[pos] !== ':') fail("':' after a key");
        pos++;
        path.push(key);
        obj[key] = parseValue();
        path.pop();
        skip();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          depth--;
          return obj;
        }
        fail("',' or '}'");
      }
    }
    if (c === '[') {
      pos++;
      const arr: JsonValue[] = [];
      skip();
      if (text[pos] === ']') {
        pos++;
        depth--;
        return arr;
      }
      for (;;) {
        path.push(arr.length);
        skip();
        if (text[pos] === ']') fail('another value (a trailing comma is not JSON)');
        arr.push(parseValue());
        path.pop();
        skip();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          depth--;
          return arr;
        }
        fail("',' or ']'");
      }
    }
    if (c === '"') return parseString();
    if (text.startsWith('true', pos)) return ((pos += 4), true);
    if (text.startsWith('false', pos)) return ((pos += 5), false);
    if (text.startsWith('null', pos)) return ((pos += 4), null);
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m) {
      pos += m[0].length;
      const n = Number(m[0]);
      if (!Number.isFinite(n)) fail('a number a double can hold', pos - m[0].length);
      return n;
    }
    if (/^(NaN|-?Infinity)/.test(text.slice(pos))) fail('a JSON value (NaN and Infinity are not JSON)');
    return fail('a JSON value');
  };

  if (text.charCodeAt(0) === 0xfeff) fail('no byte-order mark');
  const value = parseValue();
  skip();
  if (pos < text.length) fail('the end of the file after one JSON value');
  return value;
}
