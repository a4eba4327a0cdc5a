/** Digit-bearing tokens allowed outside a figure element: property names, Table 1 and 5, the arXiv id, SHA-256. */
import { PROPERTY_NAMES } from '../core/names.ts';
import { PAPER_BASE_ID, PAPER_ID } from '../provenance/sources.ts';

export function allowedTokens(properties: readonly string[] = PROPERTY_NAMES): readonly RegExp[] {
  return [
    new RegExp(`\\b(?:${properties.join('|')})\\b`, 'g'),
    /\bTable [15]\b/g,
    new RegExp(`\\b(?:${RegExp.escape(PAPER_ID)}|${RegExp.escape(PAPER_BASE_ID)})(?![\\p{L}\\p{N}])`, 'gu'),
    /\bSHA-256\b/g,
  ];
}
/** The property names are the audit's own (src/core/names.ts): a tenth property is allowed by adding it there. */
export const ALLOWED_TOKENS = allowedTokens();

/** The words left with a number character (any script, superscripts, fractions, ㏾ via NFKD) once allowed tokens go. */
export function looseFigures(text: string, tokens: readonly RegExp[] = ALLOWED_TOKENS): string[] {
  let rest = text;
  for (const re of tokens) rest = rest.replace(re, ' ');
  // Word by word, not one pattern over the text: \S*\p{N}\S* backtracks quadratically over a long word without a number.
  return rest.split(/\s+/).filter((w) => /\p{N}/u.test(w) || /\p{N}/u.test(w.normalize('NFKD')));
}
