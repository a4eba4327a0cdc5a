/**
 * The only scripts the site ships, and the only event-handler attributes it writes.
 * The guard on the built pages (src/guards/own-scripts.ts) refuses any other: a
 * `<script>` in an MDX page, or one an artifact string smuggled in, would otherwise be
 * published and its hash added to the policy by the CSP pass, which hashes whatever
 * inline script it finds. So the allowed hashes are computed here, from the very text
 * the pages write, never from the built pages.
 *
 * The search page's script is kept as plain JavaScript text (not a bundled `<script>`)
 * for that reason: its bytes in the page are exactly these, so its hash is known in code.
 */
import { SHELL_SCRIPT } from './shell-script.ts';
import { createHash } from 'node:crypto';

/** Runs Pagefind's interface on /search/, ranking each page's sections by the query's own words. */
export const SEARCH_SCRIPT = String.raw`(() => {
  // PagefindUI comes from the script before this one; it loads the index from the same site.
  const target = document.getElementById('search');
  const Ui = window.PagefindUI;
  const query = () => document.querySelector('.pagefind-ui__search-input')?.value ?? '';
  // Pagefind stems ("trailing" matches TRAIL) and its interface shows the three sections with the most matches.
  // Rank a page's sections instead by the query's own words: the whole query as typed first, then how many
  // of its words appear whole, then Pagefind's count; keep three, so the section a finding's words name comes first.
  const rankSections = (result) => {
    const q = query().trim().toLowerCase();
    const words = q.split(/\s+/).filter(Boolean);
    const score = (s) => {
      const text = (s.title + ' ' + (s.plain_excerpt ?? '')).toLowerCase();
      const whole = words.filter((w) => new RegExp('(^|[^a-z0-9])' + w.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&') + '([^a-z0-9]|$)').test(text)).length;
      return (text.includes(q) ? 1000 : 0) + whole * 100 + Math.min(s.locations.length, 99);
    };
    if (result.sub_results) result.sub_results = [...result.sub_results].sort((a, b) => score(b) - score(a)).slice(0, 3);
    // The result's own link lands on its best section (Pagefind's interface then lists the other sections under it).
    const best = result.sub_results?.[0];
    if (best?.url.includes('#')) Object.assign(result, { meta: { ...result.meta, url: best.url }, excerpt: best.excerpt });
    return result;
  };
  if (target && Ui) {
    const ui = new Ui({ element: '#search', showSubResults: true, showImages: false, bundlePath: target.dataset.base, processResult: rankSections });
    // A search can be shared: /search/?q=... runs the query, and what the box holds is written back to the address (no new history entry per keystroke).
    const asked = new URLSearchParams(location.search).get('q');
    if (asked) ui.triggerSearch(asked);
    target.addEventListener('input', () => {
      const url = new URL(location.href);
      const q = query().trim();
      if (q) url.searchParams.set('q', q);
      else url.searchParams.delete('q');
      history.replaceState(history.state, '', url);
    });
  }
})();`;

/** A script's hash as a Content-Security-Policy source writes it. */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The inline scripts the pages write, by hash. */
export const OWN_INLINE_SCRIPTS: ReadonlySet<string> = new Set([SEARCH_SCRIPT, SHELL_SCRIPT].map(scriptHash));

/** The script files the pages load, relative to the base path: Pagefind's interface, which Pagefind writes into the site. */
export const OWN_SCRIPT_FILES: readonly string[] = ['pagefind/pagefind-ui.js'];

/** /verify/'s script, bundled by Astro from src/verify/page.ts: a module from the site's own _astro/ folder, on that page only. */
export const VERIFY_PAGE = 'verify/index.html';
export const VERIFY_SCRIPT = /^_astro\/[\w.-]+\.js$/;

/** The event-handler attributes the site writes, as `element[attribute]`: none (its one script adds its listeners itself). */
export const OWN_EVENT_HANDLERS: ReadonlySet<string> = new Set<string>();
