/**
 * The few digit-bearing tokens a reader may meet outside a figure element: the
 * property names, the paper's two table names, the paper's arXiv identifier, and the
 * name of the digest algorithm.
 * Reviewed: anything else with a digit in it must come through the figure component.
 */
export const ALLOWED_TOKENS: readonly RegExp[] = [/\bP[1-9]\b/g, /\bTable [15]\b/g, /\barXiv:2505\.08638(?:v[0-9]+)?\b/g, /\bSHA-256\b/g];

/** The digit-bearing words left in `text` once the allowed tokens are removed. */
export function looseFigures(text: string): string[] {
  let rest = text;
  for (const re of ALLOWED_TOKENS) rest = rest.replace(re, ' ');
  return rest.match(/\S*[0-9]\S*/g) ?? [];
}
