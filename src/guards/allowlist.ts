/**
 * The few digit-bearing tokens a reader may meet outside a figure element: the
 * property names, the paper's two table names, the paper's arXiv identifier (with or without the version the site cites, src/provenance/sources.ts), and the
 * name of the digest algorithm.
 * Reviewed: anything else with a digit in it must come through the figure component.
 */
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

/**
 * The words with a number character in them (any script's digits, superscripts, fractions,
 * numerals, and symbols drawn with digits, such as ㏾, which decompose to them) left in `text`
 * once the allowed tokens are removed.
 */
export function looseFigures(text: string, tokens: readonly RegExp[] = ALLOWED_TOKENS): string[] {
  let rest = text;
  for (const re of tokens) rest = rest.replace(re, ' ');
  // Word by word, not one pattern over the text: \S*\p{N}\S* backtracks quadratically over a long word without a number.
  return rest.split(/\s+/).filter((w) => /\p{N}/u.test(w) || /\p{N}/u.test(w.normalize('NFKD')));
}
