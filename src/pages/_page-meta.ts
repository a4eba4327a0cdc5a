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
import { say } from '../core/strings.ts';

export const STATIC_PAGES = {
  changes: {
    title: say('pages/_page-meta.changes.title'),
    description: say('pages/_page-meta.changes.description'),
  },
  search: {
    title: say('pages/_page-meta.search.title', say('layouts/Base.brand')),
    description: say('pages/_page-meta.search.description'),
  },
  verify: {
    title: say('pages/_page-meta.verify.title'),
    description: say('pages/_page-meta.verify.description'),
  },
  'not-found': {
    title: say('pages/_page-meta.title'),
    description: say('pages/_page-meta.not-found.description'),
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
