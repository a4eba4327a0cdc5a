/** Names every layer shares. */

/** The TRAIL paper and version this site cites; admission refuses artifacts that cite another (crosschecks.ts). */
export const TRAIL_ARXIV = { id: '2505.08638', version: 'v3' } as const;
export const PAPER_ID = `arXiv:${TRAIL_ARXIV.id}${TRAIL_ARXIV.version}` as const;

/** The nine pre-registered properties, in order. */
export const PROPERTY_NAMES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'] as const;
export type PropertyName = (typeof PROPERTY_NAMES)[number];

export const isPropertyName = (name: string): name is PropertyName =>
  (PROPERTY_NAMES as readonly string[]).includes(name);

/** The property a page of content/properties/ is for (`p10.mdx` is P10), or undefined for any other file name. */
export function propertyOfPageFile(path: string): string | undefined {
  const m = /(?:^|\/)p([1-9][0-9]*)\.mdx$/.exec(path);
  return m ? `P${m[1]}` : undefined;
}

/** The audit's headline predictor: a code constant in the audit, checked against the artifact where it is used. */
export const HEADLINE_PREDICTOR = 'all-spans-all-categories';
/** The predictor that knows the gold locations and names every label on them. */
export const ORACLE_PREDICTOR = 'gold-spans-all-categories';
