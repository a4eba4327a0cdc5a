/**
 * What each MDX page's frontmatter may hold: the pages read these fields, and the prose check
 * (src/guards/mdx-source.ts) refuses any other before a page renders.
 */
import * as z from 'zod/mini';

const words = z.string().check(z.minLength(1));

/** A property page (content/properties/pN.mdx): its title; the summary is made from the audit. */
export const PropertyFrontmatter = z.strictObject({ title: words });
/** The report and the method page: a title, and for the method page the description it is shared with. */
export const PageFrontmatter = z.strictObject({ title: words, description: z.optional(words) });

/** The schema for the MDX file at `rel` (relative to content/). */
export const frontmatterSchema = (rel: string) =>
  rel.startsWith('properties/') ? PropertyFrontmatter : PageFrontmatter;
