/** Each internal link, asset and anchor resolves to a built file (and id) under the base; external hosts counted. */
import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Problem } from '../core/problem.ts';
import { builtPages } from '../site/built-pages.ts';
import { archiveFolder, permanentBase } from '../site/permanent.ts';
import { attr, elementsWhere, type HtmlDocument } from '../core/html-tree.ts';
import { pageReader, type PageReader } from './html.ts';

const ORIGIN = 'https://site.invalid';

export interface LinkReport {
  readonly problems: Problem[];
  readonly internal: number;
  readonly external: ReadonlyMap<string, number>;
}

/** The built file a site path names, or undefined. */
function fileFor(dist: string, base: string, pathname: string): string | undefined {
  if (!pathname.startsWith(base)) return undefined;
  const rest = decodeURIComponent(pathname.slice(base.length));
  const direct = join(dist, rest);
  if (rest === '' || rest.endsWith('/'))
    return existsSync(join(direct, 'index.html')) ? join(direct, 'index.html') : undefined;
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  return undefined;
}

/** The live site and a permanent copy (r/<revision>/) are one build under two bases: a link across maps back here. */
function mirrorOf(base: string, revision: string): (pathname: string) => string {
  const { liveBase, archived } = permanentBase(base);
  if (archived === undefined) {
    const copy = base + archiveFolder(revision);
    return (pathname) => (pathname.startsWith(copy) ? base + pathname.slice(copy.length) : pathname);
  }
  // The live base holds the copy's base: only what lies outside the copy is a live page.
  return (pathname) =>
    pathname.startsWith(liveBase) && !pathname.startsWith(base) ? base + pathname.slice(liveBase.length) : pathname;
}

/** Every element id in a page, in order, repeats included. */
function allIds(document: HtmlDocument): string[] {
  return elementsWhere(document, (e) => attr(e, 'id') !== undefined).map((e) => attr(e, 'id')!);
}

/** The elements whose href or src the check follows. */
const LINKING = new Set(['a', 'link', 'script', 'img', 'source']);

/** `site`: absolute links to this origin are checked as relative; `revision`: the permanent copy the deploy adds. */
export function checkLinks(
  dist: string,
  basePath: string,
  site?: string,
  read: PageReader = pageReader(),
  revision?: string,
): LinkReport {
  // A page's ids are listed once, whether it holds links or is the target of an anchor
  // (a page is the target of hundreds of row and figure links).
  const idSets = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let ids = idSets.get(file);
    if (!ids) idSets.set(file, (ids = new Set(allIds(read(file)))));
    return ids;
  };
  const base = basePath.replace(/\/?$/, '/');
  const mirror = revision === undefined ? undefined : mirrorOf(base, revision);
  const problems: Problem[] = [];
  const external = new Map<string, number>();
  let internal = 0;
  for (const { path, rel } of builtPages(dist)) {
    const pagePath = base + rel.replace(/(^|\/)index\.html$/, '$1');
    const document = read(path);
    // An id used twice makes an anchor ambiguous: a row link could land on the wrong row.
    const seen = new Set<string>();
    for (const id of allIds(document)) {
      if (seen.has(id))
        problems.push({
          file: rel,
          place: '',
          message: `two elements have the id "${id}"; a link to it could land on either`,
        });
      seen.add(id);
    }
    idSets.set(path, seen);
    for (const el of elementsWhere(document, (e) => LINKING.has(e.name))) {
      const tag = el.name;
      const name = attr(el, 'href') !== undefined ? 'href' : attr(el, 'src') !== undefined ? 'src' : undefined;
      if (!name) continue;
      const raw = attr(el, name)!;
      const place = `<${tag} ${name}="${raw}">`;
      if (raw === '' || /^(mailto|tel|data|javascript):/i.test(raw)) {
        if (/^javascript:/i.test(raw))
          problems.push({ file: rel, place: `<${tag} ${name}>`, message: `a javascript: link (${raw.slice(0, 40)})` });
        continue;
      }
      let url = new URL(raw, ORIGIN + pagePath);
      if (site && url.origin === new URL(site).origin) url = new URL(url.pathname + url.search + url.hash, ORIGIN);
      if (url.origin !== ORIGIN) {
        external.set(url.host, (external.get(url.host) ?? 0) + 1);
        continue;
      }
      internal++;
      const target = fileFor(dist, base, mirror ? mirror(url.pathname) : url.pathname);
      if (!target) {
        problems.push({
          file: rel,
          place,
          message: `points at ${url.pathname}, which the build did not produce${url.pathname.startsWith(base) ? '' : ` (outside the base path ${base})`}`,
        });
        continue;
      }
      if (url.hash && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(url.hash.slice(1)))) {
        problems.push({
          file: rel,
          place,
          message: `${relative(dist, target)} has no element with id "${decodeURIComponent(url.hash.slice(1))}"`,
        });
      }
    }
  }
  return { problems, internal, external };
}
