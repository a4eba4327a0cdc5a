/** The prose of each property page (content/properties/pN.mdx); a missing or extra file fails the build. */
import type { MarkdownHeading } from 'astro';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import type * as z from 'zod/mini';
import { PROPERTY_NAMES, propertyOfPageFile, type PropertyName } from '../core/names.ts';
import { PropertyFrontmatter as Frontmatter } from './_frontmatter.ts';

interface MdxModule {
  Content: AstroComponentFactory;
  getHeadings: () => MarkdownHeading[];
  frontmatter: unknown;
}

const modules = import.meta.glob<MdxModule>('../../content/properties/*.mdx', { eager: true });

export function propertyPages(): Record<
  PropertyName,
  { Content: AstroComponentFactory; headings: MarkdownHeading[]; frontmatter: z.infer<typeof Frontmatter> }
> {
  const byName = new Map(Object.entries(modules).map(([path, m]) => [propertyOfPageFile(path) ?? path, m]));
  const out = {} as ReturnType<typeof propertyPages>;
  for (const name of PROPERTY_NAMES) {
    const m = byName.get(name);
    if (!m) throw new Error(`content/properties/${name.toLowerCase()}.mdx is missing: every property needs its page`);
    out[name] = { Content: m.Content, headings: m.getHeadings(), frontmatter: Frontmatter.parse(m.frontmatter) };
    byName.delete(name);
  }
  if (byName.size > 0)
    throw new Error(`content/properties has pages for no property: ${[...byName.keys()].join(', ')}`);
  return out;
}
