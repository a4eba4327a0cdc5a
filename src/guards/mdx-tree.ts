/**
 * The MDX pages as trees, read one way by every guard that reads prose: the YAML
 * frontmatter cut off first (the MDX parser does not know it), and the number of
 * lines it took kept, so every reported line is the file's own.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';

/** The parts of an mdast/MDX node the guards read. */
export interface MdxNode {
  type: string;
  value?: string;
  name?: string | null;
  depth?: number;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdxNode[];
  position?: { start: { line: number; column: number } };
}

/** Components that stand for a figure, a name or a citation: their text is data, not our words. */
export const DATA_COMPONENTS: ReadonlySet<string> = new Set([
  'Leaf', 'Derived', 'ScorerLines', 'HeadlinePredictor', 'Fig', 'Quote', 'Ident', 'CensusFig', 'VerdictBadge', 'Cite', 'PreRegistrationLink', 'Sources',
]);

/** The frontmatter's text, the body after it, and how many lines the frontmatter took. */
export function splitFrontmatter(source: string): { yaml: string; body: string; offset: number } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!m) return { yaml: '', body: source, offset: 0 };
  return { yaml: m[1]!, body: source.slice(m[0].length), offset: m[0].split('\n').length - 1 };
}

/** The body parsed as MDX; the parser's own error (with line and column in the body) is thrown as it comes. */
export function parseMdxBody(body: string): MdxNode {
  return fromMarkdown(body, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] }) as unknown as MdxNode;
}
