/**
 * The MDX pages as trees, read as Astro's MDX integration reads them: frontmatter blanked by the same function (so
 * positions are the file's own) and the rest parsed by the same parser (satteri, GFM on).
 */
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { mdxToMdast } from 'satteri';

/** The parts of an mdast/MDX node the guards read. */
export interface MdxNode {
  type: string;
  value?: string;
  name?: string | null;
  url?: string;
  title?: string | null;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdxNode[];
  position?: { start: { line: number; column: number } };
}

/** Components that stand for a figure, a name or a citation: their text is data, not our words. */
export const DATA_COMPONENTS: ReadonlySet<string> = new Set([
  'Leaf',
  'Derived',
  'ScorerLines',
  'HeadlinePredictor',
  'Fig',
  'Quote',
  'Ident',
  'CensusFig',
  'VerdictBadge',
  'Cite',
  'PreRegistrationLink',
  'Sources',
]);

/** A page's frontmatter, where it starts, and its body as the MDX parser is given it. */
export interface SplitPage {
  /** The frontmatter's text, from just after its opening fence to its closing one. */
  readonly yaml: string;
  /** The file's line and column at which `yaml` starts. */
  readonly yamlAt: { readonly line: number; readonly column: number };
  /** The whole file with the frontmatter blanked to spaces, as Astro's MDX integration parses it: lines and columns are the file's. */
  readonly body: string;
  /** The frontmatter as Astro parses it (YAML, or TOML between +++). */
  readonly data: Readonly<Record<string, unknown>>;
}

export function splitFrontmatter(source: string): SplitPage {
  const { frontmatter, rawFrontmatter, content } = parseFrontmatter(source, { frontmatter: 'empty-with-spaces' });
  const data = frontmatter as Record<string, unknown>;
  const start = rawFrontmatter === '' ? -1 : source.indexOf(rawFrontmatter);
  if (start < 0) return { yaml: '', yamlAt: { line: 1, column: 1 }, body: content, data };
  const before = source.slice(0, start).split('\n');
  return {
    yaml: rawFrontmatter,
    yamlAt: { line: before.length, column: before.at(-1)!.length + 1 },
    body: content,
    data,
  };
}

/** Where the `i`th line of the frontmatter's text, and `col` (from 1) within it, is in the file. */
export const yamlPlace = (page: SplitPage, i: number, col: number) =>
  `${page.yamlAt.line + i}:${(i === 0 ? page.yamlAt.column - 1 : 0) + col}`;

/** The body parsed as MDX; the parser's own error is thrown with its message, and its line and column. */
export function parseMdxBody(body: string): MdxNode {
  try {
    return mdxToMdast(body, { features: { gfm: true, frontmatter: false } }) as unknown as MdxNode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /^(\d+):(\d+): /.exec(message);
    throw Object.assign(
      new Error(at ? message.slice(at[0].length) : message),
      at ? { line: Number(at[1]), column: Number(at[2]) } : {},
    );
  }
}
