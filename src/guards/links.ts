/**
 * The link check over the built site: every internal link, asset and anchor must
 * resolve to a built file (and an element id) under the base path. External links
 * are counted by host, never fetched.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ORIGIN = 'https://site.invalid';

export interface LinkReport {
  readonly problems: string[];
  readonly internal: number;
  readonly external: ReadonlyMap<string, number>;
}

function htmlFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html') && !e.parentPath.includes(`${dist}/pagefind`))
    .map((e) => join(e.parentPath, e.name));
}

/** The built file a site path names, or undefined. */
function fileFor(dist: string, base: string, pathname: string): string | undefined {
  if (!pathname.startsWith(base)) return undefined;
  const rest = decodeURIComponent(pathname.slice(base.length));
  const direct = join(dist, rest);
  if (rest === '' || rest.endsWith('/')) return existsSync(join(direct, 'index.html')) ? join(direct, 'index.html') : undefined;
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  return undefined;
}

/** Every element id in a page, in order, repeats included. */
function allIds(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
}

const idCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let ids = idCache.get(file);
  if (!ids) {
    ids = new Set(allIds(readFileSync(file, 'utf8')));
    idCache.set(file, ids);
  }
  return ids;
}

/** `site` is the configured origin: absolute links to it (canonical URLs) are checked like relative ones. */
export function checkLinks(dist: string, basePath: string, site?: string): LinkReport {
  idCache.clear();
  const base = basePath.replace(/\/?$/, '/');
  const problems: string[] = [];
  const external = new Map<string, number>();
  let internal = 0;
  for (const file of htmlFiles(dist)) {
    const rel = relative(dist, file).replaceAll('\\', '/');
    const pagePath = base + rel.replace(/(^|\/)index\.html$/, '$1');
    const html = readFileSync(file, 'utf8');
    // An id used twice makes an anchor ambiguous: a row link could land on the wrong row.
    const seen = new Set<string>();
    for (const id of allIds(html)) {
      if (seen.has(id)) problems.push(`${rel}: two elements have the id "${id}"; a link to it could land on either`);
      seen.add(id);
    }
    for (const m of html.matchAll(/<(a|link|script|img|source)\b[^>]*?\s(href|src)="([^"]*)"/g)) {
      const raw = m[3]!.replaceAll('&amp;', '&');
      if (raw === '' || /^(mailto|tel|data|javascript):/i.test(raw)) {
        if (/^javascript:/i.test(raw)) problems.push(`${rel}: a javascript: link (${raw.slice(0, 40)})`);
        continue;
      }
      let url = new URL(raw, ORIGIN + pagePath);
      if (site && url.origin === new URL(site).origin) url = new URL(url.pathname + url.search + url.hash, ORIGIN);
      if (url.origin !== ORIGIN) {
        external.set(url.host, (external.get(url.host) ?? 0) + 1);
        continue;
      }
      internal++;
      const target = fileFor(dist, base, url.pathname);
      if (!target) {
        problems.push(`${rel}: <${m[1]} ${m[2]}="${raw}"> points at ${url.pathname}, which the build did not produce${url.pathname.startsWith(base) ? '' : ` (outside the base path ${base})`}`);
        continue;
      }
      if (url.hash && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(url.hash.slice(1)))) {
        problems.push(`${rel}: <${m[1]} ${m[2]}="${raw}">: ${relative(dist, target)} has no element with id "${decodeURIComponent(url.hash.slice(1))}"`);
      }
    }
  }
  return { problems, internal, external };
}
