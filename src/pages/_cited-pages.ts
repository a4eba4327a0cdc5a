/** The pages that carry a citation, metadata and a permanent copy's address: the report and each property page. */
import { PROPERTY_NAMES } from '../core/names.ts';
import type { CitedPageSpec } from '../findings/cited-page.ts';
import { frontmatter } from '../../content/report.mdx';
import { propertyPages } from './_property-pages.ts';

export function citedPageSpecs(): CitedPageSpec[] {
  const pages = propertyPages();
  return [
    { slug: 'report', title: frontmatter.title, path: '/' },
    ...PROPERTY_NAMES.map((name) => ({
      slug: name.toLowerCase(),
      title: `${name}: ${pages[name].frontmatter.title}`,
      path: `properties/${name.toLowerCase()}/`,
    })),
  ];
}

export const citedPageSpec = (slug: string): CitedPageSpec => citedPageSpecs().find((s) => s.slug === slug)!;
