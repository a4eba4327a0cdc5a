/**
 * The authoritative net over the built site: every number a reader can see must
 * sit inside an element the figure components produced ([data-fig]), or be the own
 * text of a table cell DataTable marked as a figure. Also pairs
 * the findings placed on pages with the registry, both ways.
 */
import type { Problem } from '../core/problem.ts';
import { FINDING_IDS } from '../findings/finding-ids.ts';
import { builtPages } from '../site/built-pages.ts';
import { looseFigures } from './allowlist.ts';
import { pageReader, readHtml, type PageReader } from './html.ts';

/** A number outside any figure element: where it is, the token, and the text around it. */
export interface Violation extends Problem {
  readonly token: string;
}

/** Attributes whose text a reader meets. */
const READER_ATTRIBUTES = ['alt', 'title', 'aria-label', 'aria-description', 'placeholder'];
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

interface El {
  nodeType: number;
  tagName?: string;
  textContent: string | null;
  childNodes: ArrayLike<El>;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
  parentNode?: El | null;
}

function where(node: El): string {
  const parts: string[] = [];
  for (let n: El | null | undefined = node; n && n.tagName; n = n.parentNode) {
    const id = n.getAttribute?.('id');
    parts.unshift(id ? `${n.tagName.toLowerCase()}#${id}` : n.tagName.toLowerCase());
    if (id) break;
  }
  return parts.join(' > ');
}

function violation(file: string, place: string, token: string, context: string): Violation {
  return { file, place, token, message: `hand-typed figure ${JSON.stringify(token)}, outside any figure element: "${context}"` };
}

export function scanHtml(html: string, file: string): Violation[] {
  return scanDocument(readHtml(html), file);
}

function scanDocument(document: unknown, file: string): Violation[] {
  const out: Violation[] = [];
  const visit = (node: El) => {
    if (node.nodeType === 3) {
      const text = node.textContent ?? '';
      for (const token of looseFigures(text)) {
        out.push(violation(file, where(node.parentNode as El), token, text.trim().slice(0, 120)));
      }
      return;
    }
    if (node.nodeType !== 1 || !node.tagName) {
      for (const child of Array.from(node.childNodes)) visit(child);
      return;
    }
    const tag = node.tagName.toUpperCase();
    if (SKIP.has(tag)) return;
    if (node.hasAttribute?.('data-fig')) {
      // A table cell that is a figure (DataTable) vouches for its own value only: its text
      // and the <bdi> an artifact string sits in. Anything else inside it (a flag) is read like any text.
      if (tag === 'TD' || tag === 'TH') for (const child of Array.from(node.childNodes)) if (child.nodeType === 1 && child.tagName?.toUpperCase() !== 'BDI') visit(child);
      return;
    }
    for (const attr of READER_ATTRIBUTES) {
      const value = node.getAttribute?.(attr);
      if (value) for (const token of looseFigures(value)) out.push(violation(file, `${where(node)}[${attr}]`, token, value.slice(0, 120)));
    }
    if (node.tagName.toUpperCase() === 'META') {
      const name = node.getAttribute?.('name') ?? node.getAttribute?.('property') ?? '';
      const content = node.getAttribute?.('content') ?? '';
      if (/^(description|og:title|og:description)$/.test(name)) {
        for (const token of looseFigures(content)) out.push(violation(file, `meta[${name}]`, token, content.slice(0, 120)));
      }
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(document as unknown as El);
  return out;
}

/** The findings a page places (Finding.astro marks each with data-finding). */
export function placedFindings(document: unknown): string[] {
  const d = document as { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> };
  return Array.from(d.querySelectorAll('[data-finding]'), (e) => e.getAttribute('data-finding') ?? '');
}

const REGISTRY = 'src/findings/registry.ts';

/** Checks a built site; returns the problems that must stop the build (empty when clean). */
export function checkBuiltSite(dist: string, read: PageReader = pageReader()): Problem[] {
  const problems: Problem[] = [];
  const placed = new Set<string>();
  for (const { path, rel } of builtPages(dist)) {
    const document = read(path);
    problems.push(...scanDocument(document, rel));
    for (const id of placedFindings(document)) placed.add(id);
  }
  for (const id of FINDING_IDS) if (!placed.has(id)) problems.push({ file: REGISTRY, place: '', message: `finding "${id}" is in the registry but placed on no page` });
  for (const id of placed) if (!(FINDING_IDS as readonly string[]).includes(id)) problems.push({ file: REGISTRY, place: '', message: `a page places finding "${id}", which is not in the registry` });
  return problems;
}
