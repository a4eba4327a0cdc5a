/**
 * Each page's title and what it says in one breath, in one place: the pages pass them to
 * the layout (title, description and the share card's address), and the share cards
 * (share/[page].svg.ts) draw the same. Pages with prose of their own keep theirs in their
 * MDX frontmatter, read here.
 */
import type { Audit } from '../audit/assemble.ts';
import { PROPERTY_NAMES, type PropertyName } from '../core/names.ts';
import type { Rich } from '../findings/descriptors/descriptor.ts';
import { propertySummary, reportSummary } from '../findings/page-summaries.ts';
export { SHARE_KEYS } from '../findings/page-summaries.ts';
import { frontmatter as report } from '../../content/report.mdx';
import { frontmatter as method } from '../../content/method.mdx';
import { propertyPages } from './_property-pages.ts';

export const STATIC_PAGES = {
  changes: {
    title: 'What changed between audit revisions',
    description:
      "The changes to the audit's artifacts this site has accepted, if any, newest first: the date, the lock digests, each file's old and new commit, and every changed value by JSON Pointer.",
  },
  search: {
    title: 'Search: TRAIL scorer audit',
    description:
      'Search every page of the TRAIL scorer audit: the report, the nine property pages, the method and the changes between audit revisions.',
  },
  verify: {
    title: 'Check every figure yourself',
    description:
      "Run this site's own checks in your browser: the audit's six files fetched at their locked commits and checked against the lock, admitted, re-derived, and every figure on every page compared with the value recomputed from them.",
  },
  'not-found': {
    title: 'Page not found: TRAIL scorer audit',
    description: 'This address holds no page of the TRAIL scorer audit.',
  },
} as const;

export interface PageMeta {
  readonly title: string;
  /** What the page says in one breath; figures and artifact strings keep their provenance. */
  readonly summary: Rich;
}

export function pageMeta(audit: Audit, key: string): PageMeta {
  if (key === 'report') return { title: report.title, summary: reportSummary(audit) };
  if (key === 'method') return { title: method.title, summary: [method.description] };
  if (key in STATIC_PAGES) {
    const p = STATIC_PAGES[key as keyof typeof STATIC_PAGES];
    return { title: p.title, summary: [p.description] };
  }
  const name = key.toUpperCase() as PropertyName;
  if (!(PROPERTY_NAMES as readonly string[]).includes(name))
    throw new Error(`no page has the share-card key ${JSON.stringify(key)}`);
  return { title: `${name}: ${propertyPages()[name].frontmatter.title}`, summary: propertySummary(audit, name) };
}
