/**
 * The MDX pages as trees, read one way by every guard that reads prose: the YAML
 * frontmatter cut off first, and the number of lines it took kept, so every reported
 * line is the file's own. The parser is satteri, the one Astro's MDX integration compiles
 * the pages with, with GFM on as it is there: the guards read the tree the pages are built from.
 */
import { mdxToMdast } from 'satteri';

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

/** The body parsed as MDX; the parser's own error is thrown with its message, and its line and column in the body. */
export function parseMdxBody(body: string): MdxNode {
  try {
    return mdxToMdast(body, { features: { gfm: true, frontmatter: false } }) as unknown as MdxNode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /^(\d+):(\d+): /.exec(message);
    throw Object.assign(new Error(at ? message.slice(at[0].length) : message), at ? { line: Number(at[1]), column: Number(at[2]) } : {});
  }
}
