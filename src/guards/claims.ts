/**
 * The claims review, kept honest: every sentence of prose the site shows (the MDX,
 * the text of pages and components, the captions, notes and text alternatives
 * written in src) and every <Holds> condition must have a row in the committed
 * register (content/claims.register.json) saying what supports it.
 *
 * A sentence's identity is a hash of its normalised text, with every figure, name or
 * expression replaced by one placeholder: moving a sentence to another file keeps its
 * row, while changing a single word of it asks for a fresh review.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DATA_COMPONENTS, parseMdxBody, splitFrontmatter, type MdxNode as MdNode } from './mdx-tree.ts';
import { REGISTER_PATH, SUPPORT_KINDS, type AuditPlace, type RegisterRow } from '../provenance/support.ts';

/** One sentence (or one <Holds>) found in the site's sources. */
export interface Claim {
  /** `s-` and ten hex digits of the normalised sentence's SHA-256, or `holds:` and the condition's name. */
  readonly id: string;
  readonly file: string;
  readonly line: number;
  /** The sentence as found (placeholders for figures), for the failure message only. */
  readonly text: string;
}

const PLACEHOLDER = '·';

export function normalise(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*·\s*/g, ' · ')
    .replace(/[\s.;:,]+$/, '')
    .trim();
}

export function sentenceId(sentence: string): string {
  return `s-${createHash('sha256').update(normalise(sentence)).digest('hex').slice(0, 10)}`;
}

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Sentences of a block of running text, as Unicode's sentence boundaries split it; a placeholder
 * is read as a capital, so a sentence may open with a figure.
 */
export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return [...SENTENCES.segment(flat.replaceAll(PLACEHOLDER, 'X'))]
    .map((s) => flat.slice(s.index, s.index + s.segment.length).trim())
    .filter((s) => s.length > 0);
}

/** Prose worth a review: enough plain words (paths, keys and identifiers are not words; short labels are not claims). */
function isProse(sentence: string, minWords: number): boolean {
  return sentence.split(/\s+/).filter((t) => /^[("'`]*[A-Za-z][A-Za-z'’-]*[.,;:!?)"'`]*$/.test(t)).length >= minWords;
}

// Code that leaks into a template's text (the parts of an expression around its markup) is not prose.
const CODE = /=>|===|\?\.|&&|\|\||\)\s*:\s*\(|\bconst\b|\breturn\b|[{}]/;

function claimsOf(file: string, line: number, block: string, minWords = 4): Claim[] {
  return (
    block
      .split('\u0000')
      // Code that leaks into a template's text is dropped before it is split, where it still reads as code.
      .filter((chunk) => !CODE.test(chunk))
      .flatMap(splitSentences)
      // A heading's self-link renders as a bare "#" after its text; it is not part of the sentence.
      .map((s) => s.replace(/\s*#$/, ''))
      .filter((s) => isProse(s, minWords) && !CODE.test(s))
      .map((text) => ({ id: sentenceId(text), file, line, text }))
  );
}

const BLOCKISH = new Set(['dt', 'dd', 'li', 'p', 'div']);

const attr = (n: MdNode, name: string) => n.attributes?.find((a) => a.name === name)?.value;

/** MDX: headings and paragraphs (including those inside components), the frontmatter's title and description, and every <Holds>. */
export function mdxClaims(file: string, source: string): Claim[] {
  const out: Claim[] = [];
  const page = splitFrontmatter(source);
  page.yaml.split('\n').forEach((l, i) => {
    const m = /^(title|description):\s*"?(.*?)"?\s*$/.exec(l);
    if (m) out.push(...claimsOf(file, page.yamlAt.line + i, m[2]!.replace(/\\"/g, '"')));
  });
  const tree = parseMdxBody(page.body);
  const lineOf = (n: MdNode) => n.position?.start.line ?? 1;

  const inline = (n: MdNode): string => {
    if (n.type === 'text' || n.type === 'inlineCode') return n.value ?? '';
    if ((n.type === 'mdxJsxTextElement' || n.type === 'mdxJsxFlowElement') && n.name && DATA_COMPONENTS.has(n.name))
      return PLACEHOLDER;
    if (n.type === 'mdxJsxTextElement' && n.name === 'Holds') {
      const that = attr(n, 'that');
      if (typeof that === 'string')
        out.push({ id: `holds:${that}`, file, line: lineOf(n), text: `<Holds that="${that}">` });
    }
    if (n.type === 'mdxTextExpression') return PLACEHOLDER;
    // A block-level tag written inline (the glossary's dt and dd) ends the sentence before it.
    if (n.type === 'mdxJsxTextElement' && n.name && BLOCKISH.has(n.name))
      return `\u0000${(n.children ?? []).map(inline).join('')}\u0000`;
    if (n.type === 'break') return ' ';
    return (n.children ?? []).map(inline).join('');
  };

  const block = (n: MdNode): void => {
    if (n.type === 'paragraph' || n.type === 'heading') {
      out.push(...claimsOf(file, lineOf(n), inline(n)));
      return;
    }
    if (n.type === 'code' || n.type === 'mdxjsEsm' || n.type === 'mdxFlowExpression') return;
    if (n.type === 'mdxJsxFlowElement' && n.name && DATA_COMPONENTS.has(n.name)) return;
    // A flow element holding text directly (an HTML <p> in MDX) is a paragraph of its own.
    if (
      n.type === 'mdxJsxFlowElement' &&
      (n.children ?? []).some((c) => c.type !== 'paragraph' && c.type !== 'mdxJsxFlowElement' && c.type !== 'heading')
    ) {
      out.push(...claimsOf(file, lineOf(n), inline(n)));
      return;
    }
    (n.children ?? []).forEach(block);
  };
  block(tree);
  return out;
}

/** Inline tags keep their text in the sentence; every other tag ends a block. */
const INLINE_TAGS = new Set(['a', 'strong', 'em', 'code', 'span', 'abbr', 'b', 'i', 'Fragment', 'Term']);

/** Whether the braced expression starting at `at` holds markup (a tag opening inside it). */
function jsxInside(body: string, at: number): boolean {
  let depth = 0;
  for (let j = at; j < body.length; j++) {
    if (body[j] === '{') depth++;
    else if (body[j] === '}' && --depth === 0) return false;
    else if (body[j] === '<' && /[A-Za-z]/.test(body[j + 1] ?? '')) return true;
  }
  return false;
}

/** Astro templates: the text between tags, with expressions and data components as placeholders. */
export function astroClaims(file: string, source: string): Claim[] {
  const fm = /^---\n[\s\S]*?\n---\n/.exec(source);
  const startLine = fm ? fm[0].split('\n').length : 1;
  let body = source.slice(fm?.[0].length ?? 0);
  // Scripts and styles are not prose; keep their newlines so lines still count right.
  body = body.replace(/<(script|style)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
  const out: Claim[] = [];
  // Attributes a reader sees as text: a page's description and title given as plain strings.
  for (const m of body.matchAll(/\b(description|title)="([^"{}]+)"/g)) {
    out.push(...claimsOf(file, startLine + body.slice(0, m.index).split('\n').length - 1, m[2]!));
  }
  // Walk the text, turning expressions and data components into placeholders and block tags into breaks.
  let text = '';
  const lines: number[] = [];
  let line = startLine;
  let i = 0;
  const emit = (s: string) => {
    for (const ch of s) {
      text += ch;
      lines.push(line);
    }
  };
  while (i < body.length) {
    const ch = body[i]!;
    if (ch === '\n') {
      line++;
      emit(' ');
      i++;
    } else if (ch === '{' && jsxInside(body, i)) {
      // An expression holding markup: its text is prose too, so step inside it; the code around the markup holds no words.
      text += '\u0000';
      lines.push(line);
      i++;
    } else if (ch === '}') {
      text += '\u0000';
      lines.push(line);
      i++;
    } else if (ch === '{') {
      let depth = 0;
      let j = i;
      for (; j < body.length; j++) {
        if (body[j] === '{') depth++;
        else if (body[j] === '}' && --depth === 0) break;
        if (body[j] === '\n') line++;
      }
      const expr = body.slice(i + 1, j);
      // A string constant in braces ({' '}, {'; '}) is text; any other expression is data.
      const literal = /^\s*(['"])(.*)\1\s*$/.exec(expr);
      emit(literal ? literal[2]! : /</.test(expr) ? '\n\n' : PLACEHOLDER);
      i = j + 1;
    } else if (ch === '<' && /^<\/?[A-Za-z]/.test(body.slice(i, i + 3))) {
      const m = /^<\/?([A-Za-z][\w.-]*)/.exec(body.slice(i))!;
      const name = m[1]!;
      let j = i;
      let depth = 0;
      for (; j < body.length; j++) {
        if (body[j] === '{') depth++;
        else if (body[j] === '}') depth--;
        else if (body[j] === '>' && depth === 0) break;
        if (body[j] === '\n') line++;
      }
      const selfClosing = body[j - 1] === '/';
      const closing = body[i + 1] === '/';
      if (DATA_COMPONENTS.has(name)) {
        if (!closing) emit(PLACEHOLDER);
        if (!selfClosing && !closing) {
          // Skip a data component's children too.
          const end = body.indexOf(`</${name}>`, j);
          if (end > 0) {
            line += body.slice(j, end).split('\n').length - 1;
            j = end + name.length + 2;
          }
        }
      } else if (!INLINE_TAGS.has(name)) {
        text += '\u0000';
        lines.push(line);
      }
      i = j + 1;
    } else {
      emit(ch);
      i++;
    }
  }
  let start = 0;
  for (const chunk of text.split('\u0000')) {
    const firstText = chunk.search(/\S/);
    if (firstText >= 0) out.push(...claimsOf(file, lines[start + firstText] ?? startLine, chunk));
    start += chunk.length + 1;
  }
  return out;
}

/** content/strings.json: each string a block of its own, read without its inline tags, its `{0}`, `{1}`... placeholders. */
export function stringsClaims(file: string, source: string): Claim[] {
  const lines = source.split('\n');
  return Object.entries(JSON.parse(source) as Record<string, string>).flatMap(([key, text]) =>
    claimsOf(
      file,
      lines.findIndex((l) => l.includes(JSON.stringify(key))) + 1,
      text.replace(/<[^>]*>/g, '').replace(/\{\d+\}/g, PLACEHOLDER),
    ),
  );
}

/** Where the site's prose lives: the MDX, the strings code places, and the text of the Astro templates. */
export const PROSE_SOURCES = {
  mdx: ['content'],
  strings: 'content/strings.json',
  astro: ['src/pages', 'src/layouts', 'src/components'],
} as const;

function filesUnder(root: string, rel: string, ext: string): string[] {
  const abs = join(root, rel);
  let entries: string[];
  try {
    if (!readdirSync(abs)) return [];
    entries = readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(ext))
      .map((e) => relative(root, join(e.parentPath, e.name)));
  } catch {
    // A single file, or a path that does not exist (yet).
    try {
      readFileSync(abs);
      return rel.endsWith(ext) ? [rel] : [];
    } catch {
      return [];
    }
  }
  return entries.sort();
}

export function siteClaims(root: string): Claim[] {
  const out: Claim[] = [];
  for (const rel of PROSE_SOURCES.mdx)
    for (const f of filesUnder(root, rel, '.mdx')) out.push(...mdxClaims(f, readFileSync(join(root, f), 'utf8')));
  for (const rel of PROSE_SOURCES.astro)
    for (const f of filesUnder(root, rel, '.astro')) out.push(...astroClaims(f, readFileSync(join(root, f), 'utf8')));
  out.push(...stringsClaims(PROSE_SOURCES.strings, readFileSync(join(root, PROSE_SOURCES.strings), 'utf8')));
  return out;
}

/** Both directions: every claim has a row, every row has a claim. Messages say exactly what to add or remove. */
export function checkRegister(claims: readonly Claim[], rows: readonly RegisterRow[]): string[] {
  const problems: string[] = [];
  const known = new Set(rows.map((r) => r.id));
  const seen = new Set<string>();
  for (const c of claims) {
    if (known.has(c.id) || seen.has(c.id)) {
      seen.add(c.id);
      continue;
    }
    seen.add(c.id);
    const short = c.text.length > 90 ? `${c.text.slice(0, 87)}...` : c.text;
    problems.push(
      `${c.file}:${c.line}: ${c.id.startsWith('holds:') ? 'this <Holds>' : 'this sentence'} is not in the claims register (${REGISTER_PATH}): "${short}". ` +
        `Review it against the artifacts and the audit, then add a row: ` +
        `{ "id": "${c.id}", "page": "<the page>", "file": "${c.file}", "gist": "<what it says, in your words>", "support": { "kind": "<${SUPPORT_KINDS.join(' | ')}>", "at": "<pointer, derivation, path@commit#La-Lb or module>" }, "verdict": "<supported | rewritten | about-the-site>" }`,
    );
  }
  const ids = new Set(claims.map((c) => c.id));
  const dup = new Set<string>();
  for (const r of rows) {
    if (dup.has(r.id)) problems.push(`${REGISTER_PATH}: row ${r.id} appears twice`);
    dup.add(r.id);
    if (!ids.has(r.id))
      problems.push(
        `${REGISTER_PATH}: row ${r.id} ("${r.gist}") matches no sentence on the site any more: the sentence changed or went; remove the row, and register the new sentence if there is one`,
      );
  }
  return problems;
}

/** Markdown's code ticks and emphasis stars are not words a reader sees. */
const markless = (s: string) => s.replace(/[`*]/g, '');

/**
 * Why `passage` does not open within lines `from`..`to` of `text` (whitespace and Markdown's
 * marks aside), or undefined when it does.
 */
export function passageProblem(text: string, place: AuditPlace, passage: string | undefined): string | undefined {
  const where = `${place.path}@${place.commit.slice(0, 8)}`;
  if (passage === undefined) return `${where}: name the passage by its opening words (support.passage)`;
  const lines = text.split('\n');
  if (place.from < 1 || place.to < place.from || place.to > lines.length)
    return `${where}: lines ${place.from}-${place.to} are not in the file, which has ${lines.length}`;
  const pattern = new RegExp(
    markless(passage)
      .trim()
      .split(/\s+/)
      .map((w) => RegExp.escape(w))
      .join('\\s+'),
  );
  const rest = markless(lines.slice(place.from - 1).join('\n'));
  const m = pattern.exec(rest);
  const opensAt = m ? place.from + rest.slice(0, m.index).split('\n').length - 1 : Infinity;
  return opensAt <= place.to
    ? undefined
    : `${where}: lines ${place.from}-${place.to} hold no passage opening ${JSON.stringify(passage)}`;
}
