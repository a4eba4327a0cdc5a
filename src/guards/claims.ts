/**
 * Every sentence the site shows (the MDX and content/strings.json) and every <Holds> needs a row in
 * content/claims.register.json. A sentence's id hashes its normalised text with each figure as one placeholder,
 * so moving it keeps its row and changing a word asks for a fresh review.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DATA_COMPONENTS, parseMdxBody, splitFrontmatter, type MdxNode as MdNode } from './mdx-tree.ts';
import { mdxFiles } from './mdx-source.ts';
import type { Problem } from '../core/problem.ts';
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

/** Sentences by Unicode's boundaries; a placeholder reads as a capital, so a sentence may open with a figure. */
export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return [...SENTENCES.segment(flat.replaceAll(PLACEHOLDER, 'X'))]
    .map((s) => flat.slice(s.index, s.index + s.segment.length).trim())
    .filter((s) => s.length > 0);
}

/** Prose worth a review: four plain words or more (paths, keys and identifiers are not words; short labels are not claims). */
const isProse = (sentence: string) =>
  sentence.split(/\s+/).filter((t) => /^[("'`]*[A-Za-z][A-Za-z'’-]*[.,;:!?)"'`]*$/.test(t)).length >= 4;

function claimsOf(file: string, line: number, block: string): Claim[] {
  return block
    .split('\u0000')
    .flatMap(splitSentences)
    .filter(isProse)
    .map((text) => ({ id: sentenceId(text), file, line, text }));
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

/** The strings code and templates place; the MDX is every .mdx file under content/. */
export const STRINGS_PATH = 'content/strings.json';

export function siteClaims(root: string): Claim[] {
  return [
    ...mdxFiles(join(root, 'content')).flatMap((f) => mdxClaims(relative(root, f), readFileSync(f, 'utf8'))),
    ...stringsClaims(STRINGS_PATH, readFileSync(join(root, STRINGS_PATH), 'utf8')),
  ];
}

/** Both directions: every claim has a row, every row has a claim. Messages say exactly what to add or remove. */
export function checkRegister(claims: readonly Claim[], rows: readonly RegisterRow[]): Problem[] {
  const problems: Problem[] = [];
  const known = new Set(rows.map((r) => r.id));
  const seen = new Set<string>();
  for (const c of claims) {
    if (known.has(c.id) || seen.has(c.id)) {
      seen.add(c.id);
      continue;
    }
    seen.add(c.id);
    const short = c.text.length > 90 ? `${c.text.slice(0, 87)}...` : c.text;
    problems.push({
      file: c.file,
      place: `${c.line}:1`,
      message:
        `${c.id.startsWith('holds:') ? 'this <Holds>' : 'this sentence'} is not in the claims register (${REGISTER_PATH}): "${short}". ` +
        `Review it against the artifacts and the audit, then add a row: ` +
        `{ "id": "${c.id}", "page": "<the page>", "file": "${c.file}", "gist": "<what it says, in your words>", "support": { "kind": "<${SUPPORT_KINDS.join(' | ')}>", "at": "<pointer, derivation, path@commit#La-Lb or module>" }, "verdict": "<supported | rewritten | about-the-site>" }`,
    });
  }
  const ids = new Set(claims.map((c) => c.id));
  const dup = new Set<string>();
  for (const r of rows) {
    const row = (message: string) => problems.push({ file: REGISTER_PATH, place: '', message });
    if (dup.has(r.id)) row(`row ${r.id} appears twice`);
    dup.add(r.id);
    if (!ids.has(r.id))
      row(
        `row ${r.id} ("${r.gist}") matches no sentence on the site any more: the sentence changed or went; remove the row, and register the new sentence if there is one`,
      );
  }
  return problems;
}

/** Markdown's code ticks and emphasis stars are not words a reader sees. */
const markless = (s: string) => s.replace(/[`*]/g, '');

/** Why `passage` does not open within lines `from`..`to` of `text` (whitespace and Markdown aside), else undefined. */
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
