/** The prose checked at file:line:column: no loose digits, only our components, each reference they make exists. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseMdxBody, splitFrontmatter, yamlPlace, type MdxNode as Node, type SplitPage } from './mdx-tree.ts';
import {
  MDX_COMPONENT_ATTRIBUTES,
  MDX_FIGURE_COMPONENTS,
  type MdxComponentName,
} from '../components/mdx-component-names.ts';
import { frontmatterSchema } from '../pages/_frontmatter.ts';
import type { Audit } from '../audit/assemble.ts';
import type { Problem } from '../core/problem.ts';
import { looseFigures } from './allowlist.ts';
import { KINDS } from '../provenance/format.ts';
import { leaf, parseRef } from '../provenance/provenance.ts';
import { isDerivationName } from '../measures/named.ts';
import { isConclusionName } from '../measures/conclusions.ts';
import { isFindingId } from '../findings/registry.ts';
import { EVIDENCE_KINDS } from '../findings/descriptors/descriptor.ts';
import { isScorerLine } from '../findings/scorer-lines.ts';
import { isGlossaryTerm } from '../findings/glossary.ts';

/** The HTML prose may write and each element's attributes: none that carry text, load, style or vouch for a figure. */
const PROSE_HTML: Readonly<Record<string, readonly string[]>> = {
  p: ['class'],
  dl: ['class'],
  dt: ['id'],
  dd: [],
  details: ['class', 'open'],
  summary: [],
  code: [],
  em: [],
  strong: [],
  br: [],
};
/** The components that name something by an attribute, what it names, and how to know it exists. */
const NAMED_REFERENCES: Readonly<Record<string, { attribute: string; what: string; exists: (v: string) => boolean }>> =
  {
    Derived: { attribute: 'name', what: 'derivation (src/measures/named.ts)', exists: isDerivationName },
    Holds: { attribute: 'that', what: 'conclusion (src/measures/conclusions.ts)', exists: isConclusionName },
    Term: { attribute: 'of', what: 'glossary term (src/findings/glossary.ts)', exists: isGlossaryTerm },
    Finding: { attribute: 'id', what: 'finding (src/findings/registry.ts)', exists: isFindingId },
    FindingEvidence: { attribute: 'of', what: 'finding (src/findings/registry.ts)', exists: isFindingId },
  };
const PROSE_CLASSES: ReadonlySet<string> = new Set(['lede', 'glossary', 'more', 'glossary-more']);
/** How deep the prose may nest: far beyond any page's, and well within what every walk over the built pages can follow. */
export const MAX_PROSE_DEPTH = 40;
/** The largest prose file: twice the longest page's, and small enough that parsing it takes no noticeable time. */
export const MAX_PROSE_BYTES = 64 * 1024;
/** What may stand right before and right after a figure as a reader meets the text: a space, an opening or closing bracket or quote, and after it a stop; nothing that could read as part of the number. */
const APART_BEFORE = /^$|[\s([“"‘]$/u;
const APART_AFTER = /^$|^[\s.,;:)\]!?”"’]/u;
const FIGURE_MARK = '\uE000';
/** A component without children, which writes text of its own. */
const OWN_TEXT_MARK = '\uE001';
const isJsx = (n: Node) => n.type === 'mdxJsxTextElement' || n.type === 'mdxJsxFlowElement';
const INLINE = new Set([
  'text',
  'inlineCode',
  'break',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'mdxJsxTextElement',
  'mdxTextExpression',
]);
/** Blocks a reader meets as one run: paragraphs, headings, cells, and an element on its own lines holding text. */
const isTextBlock = (n: Node) =>
  ['paragraph', 'heading', 'tableCell'].includes(n.type) ||
  (n.type === 'mdxJsxFlowElement' &&
    !MDX_FIGURE_COMPONENTS.has(n.name ?? '') &&
    (n.children ?? []).some((c) => INLINE.has(c.type) || (isJsx(c) && MDX_FIGURE_COMPONENTS.has(c.name ?? ''))));

/** A block's text as a reader meets it, through emphasis, links, code and components, each figure a mark; and the figures in order. A block inside it is read on its own. */
function readerText(block: Node): { text: string; figures: Node[] } {
  let text = '';
  const figures: Node[] = [];
  const waiting: Node[] = [...(block.children ?? [])].reverse();
  while (waiting.length) {
    const n = waiting.pop()!;
    if (isTextBlock(n)) text += '\n';
    else if (n.type === 'text' || n.type === 'inlineCode') text += n.value ?? '';
    else if (n.type === 'break') text += '\n';
    else if (isJsx(n) && MDX_FIGURE_COMPONENTS.has(n.name ?? '')) {
      text += FIGURE_MARK;
      figures.push(n);
    }
    // A component with no children writes text of its own (a commit, a link): a figure against it is not apart either.
    else if (isJsx(n) && (n.children ?? []).length === 0) text += OWN_TEXT_MARK;
    else for (let i = (n.children?.length ?? 0) - 1; i >= 0; i--) waiting.push(n.children![i]!);
  }
  return { text, figures };
}

/** Where `token` sits in a text node: its own line, and its column where the file's line shows it as written (else where the text starts on that line). */
function tokenPlace(n: Node, token: string, lines: readonly string[]): string {
  const at0 = n.position?.start ?? { line: 0, column: 0 };
  // A fenced block's text starts on the line after its fence.
  const start =
    n.type === 'code' && lines[at0.line - 1]?.trimStart().match(/^(`{3,}|~{3,})/)
      ? { line: at0.line + 1, column: 1 }
      : at0;
  const before = (n.value ?? '').slice(0, (n.value ?? '').indexOf(token)).split('\n');
  const line = start.line + before.length - 1;
  const from = before.length === 1 ? start.column - 1 : 0;
  const at = lines[line - 1]?.indexOf(token, from) ?? -1;
  return `${line}:${at >= 0 ? at + 1 : from + 1}`;
}

/** The frontmatter's fields against what its page reads, and its strings' numbers as YAML decodes them (an escape such as \\xbd is a figure too). */
function frontmatterProblems(page: SplitPage, file: string): Problem[] {
  const lines = page.yaml.split('\n');
  // A field's line, or for a missing one the opening fence's.
  const placeOf = (key: string) => {
    const i = lines.findIndex((l) => l.startsWith(`${key}:`) || l.startsWith(`${key} `));
    return i < 0 ? `${page.yamlAt.line}:1` : yamlPlace(page, i, 1);
  };
  const out: Problem[] = [];
  const parsed = frontmatterSchema(file.replace(/^content\//, '')).safeParse(page.data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const keys =
        'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [String(issue.path[0] ?? '')];
      for (const key of keys) {
        const what =
          issue.code === 'unrecognized_keys'
            ? 'not a field any page reads'
            : page.data[key] === undefined
              ? 'missing: the page reads it'
              : `${issue.message.toLowerCase()}: expected a non-empty string`;
        out.push({
          file,
          place: placeOf(key),
          message: `frontmatter ${JSON.stringify(key)}: ${what} (src/pages/_frontmatter.ts lists what each page reads)`,
        });
      }
    }
  }
  for (const [key, value] of Object.entries(page.data)) {
    if (typeof value !== 'string') continue;
    for (const token of looseFigures(value))
      if (!page.yaml.includes(token))
        out.push({
          file,
          place: placeOf(key),
          message: `digit in frontmatter ${JSON.stringify(key)}, as YAML decodes it: ${JSON.stringify(token)}`,
        });
  }
  return out;
}

export function checkMdxSource(source: string, file: string, audit: Audit, components: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  if (Buffer.byteLength(source) > MAX_PROSE_BYTES)
    return [
      {
        file,
        place: '1:1',
        message: `a prose file of ${Buffer.byteLength(source)} bytes: no page is longer than ${MAX_PROSE_BYTES}, and what is beyond is not read`,
      },
    ];
  let page: SplitPage;
  try {
    page = splitFrontmatter(source);
  } catch (e) {
    // YAML's parser (mark: lines from 0) or TOML's (line and column from 1), each counting from the opening fence's line.
    const err = e as {
      mark?: { line: number; column: number };
      line?: number;
      column?: number;
      reason?: string;
      message: string;
    };
    const fence = source.split('\n').findIndex((l) => /^\uFEFF?(---|\+\+\+)/.test(l)) + 1;
    const place = err.mark
      ? `${fence + err.mark.line}:${err.mark.column + 1}`
      : typeof err.line === 'number'
        ? `${fence + err.line - 1}:${err.column ?? 1}`
        : `${fence}:1`;
    return [{ file, place, message: `frontmatter that does not parse: ${err.reason ?? err.message.split('\n')[0]}` }];
  }
  problems.push(...frontmatterProblems(page, file));
  page.yaml.split('\n').forEach((line, i) => {
    for (const token of looseFigures(line))
      problems.push({
        file,
        place: yamlPlace(page, i, line.indexOf(token) + 1),
        message: `digit in frontmatter: ${JSON.stringify(token)}`,
      });
  });
  let tree: Node;
  try {
    tree = parseMdxBody(page.body);
  } catch (e) {
    const err = e as { line?: number; column?: number; message: string };
    return [
      ...problems,
      { file, place: `${err.line ?? 0}:${err.column ?? 0}`, message: `not valid MDX: ${err.message}` },
    ];
  }
  const at = (n: Node) => ({ place: `${n.position?.start.line ?? 0}:${n.position?.start.column ?? 0}` });
  const report = (n: Node, message: string) => problems.push({ file, ...at(n), message });
  const attr = (n: Node, name: string): string | undefined => {
    const a = n.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
    return typeof a?.value === 'string' ? a.value : undefined;
  };
  const attempt = (n: Node, fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      report(n, (e as Error).message);
    }
  };

  const lines = page.body.split('\n');
  const visit = (n: Node) => {
    if (n.type === 'mdxjsEsm')
      report(
        n,
        'an import or export in prose: the pages take their components from src/components/mdx-components.ts, and the prose defines nothing',
      );
    if (n.type === 'text' || n.type === 'inlineCode' || n.type === 'code') {
      for (const token of looseFigures(n.value ?? ''))
        problems.push({
          file,
          place: tokenPlace(n, token, lines),
          message: `hand-typed figure ${JSON.stringify(token)} in prose: use <Leaf>, <Derived> or <ScorerLines>`,
        });
    }
    if (n.type === 'footnoteReference' || n.type === 'footnoteDefinition')
      report(n, 'a footnote in prose: its number is generated, and the pages number nothing but figures');
    if (n.type === 'image' || n.type === 'imageReference')
      report(n, 'an image in prose: the pages show only the images the build draws');
    if ((n.type === 'link' || n.type === 'definition') && typeof n.title === 'string') {
      for (const token of looseFigures(n.title))
        report(
          n,
          `hand-typed figure ${JSON.stringify(token)} in a link's title: use <Leaf>, <Derived> or <ScorerLines> in the text`,
        );
    }
    if ((n.type === 'link' || n.type === 'definition') && /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(n.url ?? ''))
      report(
        n,
        `a link out of the site in prose (${JSON.stringify((n.url ?? '').slice(0, 60))}): links out come from the components, each with its source; prose links only within the site`,
      );
    if (n.type === 'heading' && !/[\p{L}\p{N}]/u.test(readerText(n).text))
      report(n, 'a heading without a word: its anchor is made from its text');
    if (n.type === 'list' && n.ordered)
      report(
        n,
        'a numbered list: the numbers a browser gives its items are figures no artifact holds; write a bulleted list',
      );
    if (isTextBlock(n)) {
      const { text, figures } = readerText(n);
      let k = -1;
      for (const c of figures) {
        k = text.indexOf(FIGURE_MARK, k + 1);
        if (!APART_BEFORE.test(text.slice(0, k)) || !APART_AFTER.test(text.slice(k + 1))) {
          report(
            c,
            `<${c.name}> written against what is beside it (${JSON.stringify(text.slice(Math.max(0, k - 3), k + 4).replaceAll(FIGURE_MARK, '…'))}): leave a space, or it reads as one number with it`,
          );
        }
      }
    }
    if (n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression')
      report(n, 'a JavaScript expression in prose: figures come only through the figure components');
    if (isJsx(n) && n.name) {
      const name = n.name;
      // A lowercase tag written as JSX is HTML, written out as it stands: the components replace only the Markdown's own headings.
      const isHtml = /^[a-z]/.test(name);
      if (!isHtml && !components.includes(name))
        report(n, `<${name}> is not one of the components prose may use (src/components/mdx-components.ts)`);
      if (isHtml && !Object.hasOwn(PROSE_HTML, name))
        report(
          n,
          `<${name}> is not HTML the prose may write (${Object.keys(PROSE_HTML).join(', ')}; src/guards/mdx-source.ts)`,
        );
      for (const a of n.attributes ?? []) {
        if (a.type !== 'mdxJsxAttribute') report(n, `<${name}> spreads an expression; give each attribute literally`);
        else if (a.value !== null && typeof a.value !== 'string' && a.value !== undefined)
          report(n, `<${name} ${a.name}={...}>: attribute values must be literal strings`);
        else if (
          !isHtml &&
          Object.hasOwn(MDX_COMPONENT_ATTRIBUTES, name) &&
          !MDX_COMPONENT_ATTRIBUTES[name as MdxComponentName].includes(a.name ?? '')
        )
          report(
            n,
            `<${name} ${a.name}>: not an attribute the prose may give <${name}> (${MDX_COMPONENT_ATTRIBUTES[name as MdxComponentName].join(', ') || 'none'}; src/components/mdx-component-names.ts)`,
          );
        else if (isHtml && Object.hasOwn(PROSE_HTML, name) && !PROSE_HTML[name]!.includes(a.name ?? ''))
          report(
            n,
            `<${name} ${a.name}>: not an attribute the prose may set on <${name}> (${PROSE_HTML[name]!.join(', ') || 'none'})`,
          );
        else if (isHtml && a.name === 'class' && typeof a.value === 'string') {
          for (const c of a.value.split(/\s+/).filter(Boolean))
            if (!PROSE_CLASSES.has(c))
              report(
                n,
                `<${name} class="${c}">: not one of the classes the prose may use (${[...PROSE_CLASSES].join(', ')})`,
              );
        }
      }
      if (name === 'Leaf') {
        const ref = attr(n, 'at') ?? '';
        const kind = attr(n, 'as') ?? '';
        if (!(KINDS as readonly string[]).includes(kind))
          report(n, `<Leaf as="${kind}">: not a figure kind (${KINDS.join(', ')})`);
        else
          attempt(n, () => {
            const { file: f, pointer } = parseRef(ref);
            leaf(audit, f, pointer, kind as (typeof KINDS)[number]);
          });
      }
      const named = Object.hasOwn(NAMED_REFERENCES, name) ? NAMED_REFERENCES[name] : undefined;
      if (named && !named.exists(attr(n, named.attribute) ?? ''))
        report(n, `<${name} ${named.attribute}="${attr(n, named.attribute)}">: no such ${named.what}`);
      if (
        name === 'FindingEvidence' &&
        attr(n, 'kind') !== undefined &&
        !(EVIDENCE_KINDS as readonly string[]).includes(attr(n, 'kind')!)
      )
        report(
          n,
          `<FindingEvidence kind="${attr(n, 'kind')}">: a kind is ${EVIDENCE_KINDS.map((k) => `"${k}"`).join(' or ')}`,
        );
      if (name === 'ScorerLines') {
        const spec = attr(n, 'at') ?? '';
        const ends = spec.split('-').map(Number);
        if (ends.length > 2 || !ends.every((x) => isScorerLine(x)))
          report(n, `<ScorerLines at="${spec}">: not in the scorer line map (src/findings/scorer-lines.ts)`);
      }
    }
  };
  // Walked with a list, not recursion, so no depth of nesting can overflow the stack; in document order.
  const waiting: [Node, number][] = [[tree, 0]];
  while (waiting.length) {
    const [n, depth] = waiting.pop()!;
    visit(n);
    if (depth === MAX_PROSE_DEPTH && n.children?.length) {
      report(
        n,
        `prose nested more than ${MAX_PROSE_DEPTH} levels deep: no page nests so deep, and what is inside is not read`,
      );
      continue;
    }
    for (let i = (n.children?.length ?? 0) - 1; i >= 0; i--) waiting.push([n.children![i]!, depth + 1]);
  }
  return problems;
}

export function mdxFiles(dir: string): string[] {
  return (
    readdirSync(dir, { withFileTypes: true, recursive: true })
      // A link to a page is checked through the link: Vite renders what it points at.
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.mdx'))
      .map((e) => join(e.parentPath, e.name))
      .sort()
  );
}

export function checkContentDir(dir: string, root: string, audit: Audit, components: readonly string[]): Problem[] {
  return mdxFiles(dir).flatMap((path) =>
    checkMdxSource(readFileSync(path, 'utf8'), relative(root, path), audit, components),
  );
}
