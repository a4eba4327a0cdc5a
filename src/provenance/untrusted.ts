/**
 * Artifact strings are untrusted: shown as text, with every control, format, separator or lone surrogate
 * character shown visibly (a C0 control or DEL as its control picture, any other as a \u escape).
 */

/** Every character that must not be written raw. Tab, line feed and carriage return included: artifact text is one line. */
const RAW_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** What no built file may hold raw: the same, less the whitespace of markup and CSV (tab, line feed, carriage return). */
export const RAW_CONTROL_IN_OUTPUT = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** How one control character is shown. */
function shown(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  const hex = code.toString(16).toUpperCase();
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

/** The string cut into plain runs and visibly shown control characters (`control`, styled apart). */
export function segments(text: string): { readonly text: string; readonly control: boolean }[] {
  const out: { text: string; control: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(RAW_CONTROL)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), control: false });
    out.push({ text: shown(m[0]), control: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), control: false });
  return out;
}

/** The string with every control character shown visibly (CSV, chart labels). */
export function visibleText(text: string): string {
  return text.replace(RAW_CONTROL, shown);
}

/** The same, keeping tab and line breaks, which a quoted CSV field holds as data (RFC 4180). */
export function visibleKeepingLines(text: string): string {
  return text.replace(RAW_CONTROL, (ch) => ('\t\n\r'.includes(ch) ? ch : shown(ch)));
}

/** JSON for a download: JSON.stringify escapes C0 controls in strings; this escapes the rest too, so the data is exact and nothing is raw. */
export function jsonText(value: unknown): string {
  // Outside strings only JSON's own whitespace is a control character; every other one is in a string and may be escaped.
  return (
    JSON.stringify(value, null, 2).replace(RAW_CONTROL_IN_OUTPUT, (ch) =>
      // JSON escapes UTF-16 code units: a character beyond U+FFFF (a tag) as its surrogate pair.
      Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
    ) + '\n'
  );
}
