/**
 * The authoritative net over the built site: every number a reader can see must
 * sit inside an element the figure components produced ([data-fig]). Also pairs
 * the findings placed on pages with the registry, both ways.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseHTML } from 'linkedom';
import { looseFigures } from './allowlist.ts';
import { FINDING_IDS } from '../findings/registry.ts';

export interface Violation {
  readonly file: string;
  readonly where: string;
  readonly token: string;
  readonly context: string;
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

export function scanHtml(html: string, file: string): Violation[] {
  const { document } = parseHTML(html);
  const out: Violation[] = [];
  const visit = (node: El) => {
    if (node.nodeType === 3) {
      const text = node.textContent ?? '';
      for (const token of looseFigures(text)) {
        out.push({ file, where: where(node.parentNode as El), token, context: text.trim().slice(0, 120) });
      }
      return;
    }
    if (node.nodeType !== 1 || !node.tagName) {
      for (const child of Array.from(node.childNodes)) visit(child);
      return;
    }
    if (SKIP.has(node.tagName.toUpperCase()) || node.hasAttribute?.('data-fig')) return;
    for (const attr of READER_ATTRIBUTES) {
      const value = node.getAttribute?.(attr);
      if (value) for (const token of looseFigures(value)) out.push({ file, where: `${where(node)}[${attr}]`, token, context: value.slice(0, 120) });
    }
    if (node.tagName.toUpperCase() === 'META') {
      const name = node.getAttribute?.('name') ?? node.getAttribute?.('property') ?? '';
      const content = node.getAttribute?.('content') ?? '';
      if (/^(description|og:title|og:description)$/.test(name)) {
        for (const token of looseFigures(content)) out.push({ file, where: `meta[${name}]`, token, context: content.slice(0, 120) });
      }
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(document as unknown as El);
  return out;
}

export function placedFindings(html: string): string[] {
  return [...html.matchAll(/data-finding="([^"]*)"/g)].map((m) => m[1]!);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** Checks a built site; returns the messages that must stop the build (empty when clean). */
export function checkBuiltSite(dist: string): string[] {
  const problems: string[] = [];
  const placed = new Set<string>();
  for (const path of htmlFiles(dist)) {
    const html = readFileSync(path, 'utf8');
    const file = relative(dist, path);
    for (const v of scanHtml(html, file)) {
      problems.push(`${v.file}: hand-typed figure ${JSON.stringify(v.token)} in ${v.where}, outside any figure element: "${v.context}"`);
    }
    for (const id of placedFindings(html)) placed.add(id);
  }
  for (const id of FINDING_IDS) if (!placed.has(id)) problems.push(`finding "${id}" is in the registry (src/findings/registry.ts) but placed on no page`);
  for (const id of placed) if (!(FINDING_IDS as readonly string[]).includes(id)) problems.push(`a page places finding "${id}", which is not in the registry`);
  return problems;
}
