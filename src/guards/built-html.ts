/** Every number a reader can see must sit in a [data-fig] element; the placed findings must match the registry. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Problem } from '../core/problem.ts';
import { FINDING_IDS } from '../findings/registry.ts';
import { CONCLUSIONS } from '../measures/conclusions.ts';
import { builtImages, builtPages, builtSidecars } from '../site/built-pages.ts';
import { looseFigures } from './allowlist.ts';
import {
  attr,
  elementsWhere,
  hasClass,
  isDocument,
  isTag,
  isText,
  readHtml,
  textOf,
  type HtmlDocument,
  type HtmlElement,
  type HtmlNode,
} from '../core/html-tree.ts';
import { pageReader, type PageReader } from './html.ts';
import { unsafeSvg } from './image-svg.ts';

/** A number outside any figure element: where it is, the token, and the text around it. */
export interface Violation extends Problem {
  readonly token: string;
}

/** Attributes whose text a reader meets: shown or read aloud, as a field's value, an option's label or a list's numbering. */
const READER_ATTRIBUTES = ['alt', 'title', 'aria-label', 'aria-description', 'placeholder', 'value', 'label', 'start'];
const SKIP = new Set(['script', 'style', 'template', 'noscript']);
/** Attributes that load what an element shows. */
const EMBEDDED_SOURCES = ['src', 'srcset', 'href', 'xlink:href', 'data', 'poster'];

function where(node: HtmlElement | null): string {
  const parts: string[] = [];
  for (let n: HtmlElement | null = node; n; n = n.parent !== null && isTag(n.parent) ? n.parent : null) {
    const id = attr(n, 'id');
    parts.unshift(id ? `${n.name}#${id}` : n.name);
    if (id) break;
  }
  return parts.join(' > ');
}

function violation(file: string, place: string, token: string, context: string): Violation {
  return {
    file,
    place,
    token,
    message: `hand-typed figure ${JSON.stringify(token)}, outside any figure element: "${context}"`,
  };
}

/**
 * A meta tag's unvouched digit-bearing words. With data-fig-parts ([text, marked] pairs) only unmarked parts are
 * read, and the parts must join to exactly the text, so nothing hides behind them.
 */
function metaFigures(content: string, partsAttr: string | undefined): string[] {
  if (partsAttr === undefined) return looseFigures(content);
  let parts: unknown;
  try {
    parts = JSON.parse(partsAttr);
  } catch {
    return ['(data-fig-parts that are not JSON)'];
  }
  const ok =
    Array.isArray(parts) &&
    parts.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'boolean');
  if (!ok || (parts as [string, boolean][]).map(([t]) => t).join('') !== content)
    return ['(data-fig-parts that are not the text)'];
  return (parts as [string, boolean][]).flatMap(([t, marked]) => (marked ? [] : looseFigures(t)));
}

export function scanHtml(html: string, file: string): Violation[] {
  return scanDocument(readHtml(html), file);
}

function scanDocument(document: HtmlDocument, file: string): Violation[] {
  const out: Violation[] = [];
  const visit = (node: HtmlNode | HtmlDocument) => {
    if (isText(node)) {
      const text = node.data;
      for (const token of looseFigures(text)) {
        out.push(
          violation(
            file,
            where(node.parent !== null && isTag(node.parent) ? node.parent : null),
            token,
            text.trim().slice(0, 120),
          ),
        );
      }
      return;
    }
    if (!isTag(node)) {
      // The document itself (comments, the doctype and CDATA hold no text a reader sees).
      if (isDocument(node)) for (const child of node.children) visit(child);
      return;
    }
    const tag = node.name;
    if (SKIP.has(tag)) return;
    if (attr(node, 'data-fig') !== undefined) {
      // A table cell that is a figure (DataTable) vouches for its own value only: its text
      // and the <bdi> an artifact string sits in. Anything else inside it (a flag) is read like any text.
      if (tag === 'td' || tag === 'th')
        for (const child of node.children) if (isTag(child) && child.name !== 'bdi') visit(child);
      return;
    }
    for (const name of READER_ATTRIBUTES) {
      const value = attr(node, name);
      if (value)
        for (const token of looseFigures(value))
          out.push(violation(file, `${where(node)}[${name}]`, token, value.slice(0, 120)));
    }
    // A picture carried in its own address would show what no check reads: the site's images are files, read here and drawn by the build.
    for (const name of EMBEDDED_SOURCES) {
      const value = attr(node, name);
      if (value !== undefined && /^\s*data:/i.test(value))
        out.push({
          file,
          place: `${where(node)}[${name}]`,
          token: 'data:',
          message: `an element that loads its content from a data: URL, which no check reads: "${value.slice(0, 60)}"`,
        });
    }
    if (tag === 'meta') {
      const name = attr(node, 'name') ?? attr(node, 'property') ?? '';
      const content = attr(node, 'content') ?? '';
      if (/^(description|og:title|og:description|og:image:alt)$/.test(name)) {
        for (const token of metaFigures(content, attr(node, 'data-fig-parts')))
          out.push(violation(file, `meta[${name}]`, token, content.slice(0, 120)));
      }
    }
    for (const child of node.children) visit(child);
  };
  visit(document);
  return out;
}

/** The findings a page places (Finding.astro marks each with data-finding). */
export function placedFindings(document: HtmlDocument): string[] {
  return elementsWhere(document, (e) => attr(e, 'data-finding') !== undefined).map((e) => attr(e, 'data-finding')!);
}

const REGISTRY = 'src/findings/registry.ts';

/** A page that lists re-derivations (each property page, even empty) lists every one its figures name. */
export function unlistedRederivations(document: HtmlDocument, file: string, listsThem: boolean): Problem[] {
  const listed = new Set(
    elementsWhere(document, (e) => attr(e, 'data-rederivation') !== undefined).map((e) =>
      attr(e, 'data-rederivation')!,
    ),
  );
  if (!listsThem && listed.size === 0) return [];
  const named = new Set(
    elementsWhere(document, (e) => attr(e, 'data-rederived') !== undefined).map((e) => attr(e, 'data-rederived')!),
  );
  return [...named]
    .filter((n) => !listed.has(n))
    .map((n) => ({
      file,
      place: 'Re-derived at build',
      message: `a figure on this page names the re-derivation "${n}", which the page's list does not: add this property to its properties (src/rederive/)`,
    }));
}

/** A drawn mark's provenance as Plot's title channel writes it (src/charts/charts.ts): "what: file#pointer". */
const MARK_SOURCE = /: ((?:results\/[a-z0-9]+|index\/spans)\.json)#(\/.*)$/;

/** A property page's evidence packet holds every leaf its verdict box, findings and chart marks show. */
export function packetGaps(document: HtmlDocument, file: string, packet: string): Problem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(packet);
  } catch {
    return [{ file, place: 'evidence.json', message: 'the evidence packet beside this page is not JSON' }];
  }
  const list = (parsed as { leaves?: unknown } | null)?.leaves;
  if (!Array.isArray(list) || !list.every((l) => typeof l?.file === 'string' && typeof l?.pointer === 'string')) {
    return [
      {
        file,
        place: 'evidence.json',
        message: 'the evidence packet beside this page has no list of leaves, each with a file and a pointer',
      },
    ];
  }
  const leaves = new Set((list as { file: string; pointer: string }[]).map((l) => `${l.file}#${l.pointer}`));
  const shown = new Set<string>();
  const scopes = elementsWhere(document, (e) => attr(e, 'data-finding') !== undefined || hasClass(e, 'verdict-hero'));
  for (const scope of scopes) {
    for (const e of elementsWhere(
      scope,
      (x) => attr(x, 'data-source') === 'artifact' && attr(x, 'data-pointer') !== undefined,
    ))
      shown.add(`${attr(e, 'data-file')}#${attr(e, 'data-pointer')}`);
    for (const t of elementsWhere(scope, (x) => x.name === 'title')) {
      const m = MARK_SOURCE.exec(textOf(t).trim());
      if (m) shown.add(`${m[1]}#${m[2]}`);
    }
  }
  return [...shown]
    .filter((r) => !leaves.has(r))
    .map((r) => ({
      file,
      place: 'evidence.json',
      message: `the page shows ${r} in its verdict or evidence, which its evidence packet does not hold`,
    }));
}

/** Each <Holds> wraps some text, and each conclusion the method page lists is stated on some page. */
export function holdsProblems(
  pages: readonly { rel: string; document: HtmlDocument }[],
  conclusions: readonly string[],
): Problem[] {
  const out: Problem[] = [];
  const stated = new Set<string>();
  for (const { rel, document } of pages) {
    for (const e of elementsWhere(document, (x) => attr(x, 'data-holds') !== undefined)) {
      const name = attr(e, 'data-holds')!;
      if (textOf(e).trim() === '')
        out.push({ file: rel, place: `[data-holds="${name}"]`, message: `the conclusion "${name}" wraps no sentence` });
      else stated.add(name);
    }
  }
  for (const name of conclusions)
    if (!stated.has(name))
      out.push({
        file: 'src/measures/conclusions.ts',
        place: name,
        message: `the conclusion "${name}" is stated by no sentence on any page, yet the method page lists it as one the site states`,
      });
  return out;
}

/** A table's sidecar `shown_on` names exactly the built pages that hold the table; `base` is the site's base path. */
export function shownOnProblems(
  sidecars: readonly { rel: string; table: string; text: string }[],
  pages: readonly { dir: string; tables: ReadonlySet<string> }[],
  base = '/',
): Problem[] {
  const root = base.endsWith('/') ? base : `${base}/`;
  const out: Problem[] = [];
  for (const { rel, table, text } of sidecars) {
    let named: string[];
    try {
      const shown = (JSON.parse(text) as { shown_on?: unknown }).shown_on;
      if (!Array.isArray(shown) || !shown.every((u) => typeof u === 'string')) throw new Error('no list');
      named = shown.map((u: string) => new URL(u).pathname);
    } catch {
      out.push({
        file: rel,
        place: 'shown_on',
        message: 'expected a list of the addresses of the pages that show the table',
      });
      continue;
    }
    const holding = pages.filter((p) => p.tables.has(table)).map((p) => p.dir);
    const isPage = (path: string, dir: string) => path === `${root}${dir}`;
    for (const path of named)
      if (!holding.some((dir) => isPage(path, dir)))
        out.push({ file: rel, place: 'shown_on', message: `names ${path}, which does not show the table ${table}` });
    for (const dir of holding)
      if (!named.some((path) => isPage(path, dir)))
        out.push({ file: rel, place: 'shown_on', message: `leaves out /${dir}, which shows the table ${table}` });
  }
  return out;
}

/** Checks a built site; returns the problems that must stop the build (empty when clean). */
export function checkBuiltSite(dist: string, read: PageReader = pageReader(), base = '/'): Problem[] {
  const problems: Problem[] = [];
  const placed = new Set<string>();
  const pages: { rel: string; document: HtmlDocument }[] = [];
  for (const { path, rel } of builtPages(dist)) {
    const document = read(path);
    problems.push(...scanDocument(document, rel));
    const propertyPage = /^properties\/p\d+\/index\.html$/.test(rel);
    problems.push(...unlistedRederivations(document, rel, propertyPage));
    pages.push({ rel, document });
    const packet = join(dirname(path), 'evidence.json');
    if (propertyPage)
      problems.push(
        ...(existsSync(packet)
          ? packetGaps(document, rel, readFileSync(packet, 'utf8'))
          : [{ file: rel, place: 'evidence.json', message: 'the page has no evidence packet beside it' }]),
      );
    for (const id of placedFindings(document)) placed.add(id);
  }
  // The images drawn from data are read like pages: every figure in them is marked as on the pages.
  for (const { path, rel } of builtImages(dist))
    problems.push(...unsafeSvg(readFileSync(path, 'utf8'), rel, read(path)), ...scanDocument(read(path), rel));
  problems.push(...holdsProblems(pages, Object.keys(CONCLUSIONS)));
  const tablePages = pages.map(({ rel, document }) => ({
    dir: rel.replace(/index\.html$/, ''),
    tables: new Set(
      elementsWhere(document, (e) => e.name === 'figure' && hasClass(e, 'table-figure')).map(
        (e) => attr(e, 'id') ?? '',
      ),
    ),
  }));
  const sidecars = builtSidecars(dist).map(({ path, rel }) => ({
    rel,
    table: rel.replace(/^data\//, '').replace(/\.csv\.meta\.json$/, ''),
    text: readFileSync(path, 'utf8'),
  }));
  problems.push(...shownOnProblems(sidecars, tablePages, base));
  for (const id of FINDING_IDS)
    if (!placed.has(id))
      problems.push({ file: REGISTRY, place: '', message: `finding "${id}" is in the registry but placed on no page` });
  for (const id of placed)
    if (!(FINDING_IDS as readonly string[]).includes(id))
      problems.push({
        file: REGISTRY,
        place: '',
        message: `a page places finding "${id}", which is not in the registry`,
      });
  return problems;
}
