/**
 * A folder as GitHub Pages would receive it: sitemap and pages agree, links resolve under the base, no file
 * names localhost, every page carries its policy, each permanent copy under r/ is what its manifest lists.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeProblem } from '../../src/core/problem.ts';
import { checkLinks } from '../../src/guards/links.ts';
import { CSP, VERIFY_CSP } from '../../src/site/csp.ts';
import { VERIFY_PAGE } from '../../src/site/own-scripts.ts';
import { revisionsIn } from '../lib/archive.ts';

const LOCAL = /localhost|127\.0\.0\.1|\[::1\]/;
const MAX_LISTED = 12;

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replaceAll('\\', '/'))
    .sort();
}

/** The page a file is, as a path under the base ('' for the home page), or undefined for a non-page. */
function pagePath(file: string): string | undefined {
  if (!file.endsWith('index.html') || file.startsWith('pagefind/')) return undefined;
  return file.replace(/(^|\/)index\.html$/, '$1');
}

function listed(problems: string[], head: string, items: string[]): void {
  if (!items.length) return;
  const shown = items.slice(0, MAX_LISTED).map((i) => `  ${i}`);
  if (items.length > MAX_LISTED) shown.push(`  ... and ${items.length - MAX_LISTED} more`);
  problems.push([head, ...shown].join('\n'));
}

/** The problems, the counts of pages, files and links, and the revisions under r/. */
export function checkUpload(folder: string, siteUrl: string, basePath: string) {
  const problems: string[] = [];
  const base = basePath.replace(/\/?$/, '/');
  const root = new URL(base, siteUrl).href;
  const files = allFiles(folder);
  const fileSet = new Set(files);
  // The permanent copies under r/ have sitemaps of their own; here each must be exactly what its manifest lists.
  const pages = files.map(pagePath).filter((p): p is string => p !== undefined && !p.startsWith('r/'));
  let archived: string[] = [];
  try {
    archived = revisionsIn(folder);
  } catch (e) {
    problems.push(`permanent copies: ${e instanceof Error ? e.message : String(e)}`);
  }

  // Every page in the sitemap is there, under the site's address; every page there is in the sitemap.
  if (!fileSet.has('sitemap.xml')) problems.push('sitemap.xml: expected in the uploaded folder; found nothing');
  else {
    const sitemap = readFileSync(join(folder, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    const outside = locs.filter((l) => !l.startsWith(root));
    listed(problems, `sitemap.xml: ${outside.length} address(es) not under ${root}:`, outside);
    const named = new Set(locs.filter((l) => l.startsWith(root)).map((l) => decodeURIComponent(l.slice(root.length))));
    const lacking = [...named].filter((p) => !fileSet.has(`${p}index.html`)).map((p) => `${root}${p}`);
    listed(problems, 'sitemap.xml names pages the upload lacks:', lacking);
    const unnamed = pages.filter((p) => !named.has(p)).map((p) => `${p}index.html`);
    listed(problems, 'pages in the upload that sitemap.xml does not name:', unnamed);
  }

  // Every internal link and asset resolves under the base path, in the files as uploaded.
  // A permanent copy's links were checked when it was built, and its bytes never change since.
  const links = checkLinks(folder, base, siteUrl);
  const broken = links.problems.filter((p) => !p.file.startsWith('r/'));
  const head = `links: ${broken.length} internal link(s) or asset(s) do not resolve under ${base} in the upload:`;
  listed(problems, head, broken.map(describeProblem));

  // No file names a local address (a build that forgot SITE_URL, or a dev server's URL).
  const local: string[] = [];
  for (const f of files) {
    const text = readFileSync(join(folder, f), 'latin1');
    const m = LOCAL.exec(text);
    if (m) local.push(`${f}: "${text.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\s+/g, ' ')}"`);
  }
  listed(problems, `localhost: ${local.length} file(s) name a local address:`, local);

  // Every page carries its policy: the directives of src/site/csp.ts (script-src may add hashes);
  // /verify/, and its permanent copies, the one that may read the raw host.
  const noPolicy: string[] = [];
  for (const f of files.filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'))) {
    const policy = f === VERIFY_PAGE || f.endsWith(`/${VERIFY_PAGE}`) ? VERIFY_CSP : CSP;
    const directives = policy.split('; ').filter((d) => !d.startsWith('script-src '));
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '))!;
    const html = readFileSync(join(folder, f), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html);
    const got = meta ? meta[1]!.replaceAll('&#39;', "'").split(/;\s*/) : [];
    const missing = meta ? directives.filter((d) => !got.includes(d)) : ['the meta tag'];
    if (meta && !got.some((d) => d.startsWith(scriptSrc))) missing.push(scriptSrc);
    if (missing.length) noPolicy.push(`${f}: missing ${missing.join('; ')}`);
  }
  listed(problems, `Content-Security-Policy: ${noPolicy.length} page(s) without the policy:`, noPolicy);

  return { problems, pages: pages.length, files: files.length, links: links.internal, archived };
}
