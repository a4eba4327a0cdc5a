// Controls, format characters (zero-width, bidi, BOM, tags), line separators and lone surrogates.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** Text made safe for a terminal or a page: every character that could move, hide or restyle it written as \u{...}. */
export const escapeText = (text: string): string =>
  text.replace(UNSAFE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
