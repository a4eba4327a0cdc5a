/** A post-build pass: the built site's figures counted by provenance, filled into the method page's placeholders. */
import type { Census } from '../provenance/census.ts';
import { formatFigure, KINDS } from '../provenance/format.ts';

/** The figure kinds that are numbers ('raw' is a provenance note's). */
export const NUMERIC: ReadonlySet<string> = new Set(KINDS.filter((k) => k !== 'raw'));

/** Counts the figure elements in one page's HTML, leaving out the census's own. */
export function countFigures(html: string): Omit<Census, 'share'> {
  const c = { total: 0, rederived: 0, reported: 0, computed: 0, lock: 0, paper: 0 };
  // A figure is a <span> (Fig), or a table cell that carries its figure itself (DataTable).
  for (const m of html.matchAll(/<(?:span|td|th)\b([^>]*)\bdata-fig="([a-z0-9]+)"([^>]*)>/g)) {
    const attrs = `${m[1]} ${m[3]}`;
    if (!NUMERIC.has(m[2]!) || attrs.includes('data-census=')) continue;
    const source = /data-source="([a-z]+)"/.exec(attrs)?.[1];
    c.total++;
    if (source === 'artifact') c[attrs.includes('data-rederived=') ? 'rederived' : 'reported']++;
    else if (source === 'derived') c.computed++;
    else if (source === 'lock') c.lock++;
    else if (source === 'paper') c.paper++;
  }
  return c;
}

/** The census of a whole site, from its pages' HTML. */
export function censusOf(pages: Iterable<string>): Census {
  const sum = { total: 0, rederived: 0, reported: 0, computed: 0, lock: 0, paper: 0 };
  for (const html of pages) {
    const c = countFigures(html);
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += c[k];
  }
  return { ...sum, share: sum.total === 0 ? 0 : sum.rederived / sum.total };
}

/** One page with its census placeholders filled, and how many it filled. */
export function fillCensus(html: string, census: Census): { html: string; filled: number } {
  if (!html.includes('data-census=')) return { html, filled: 0 };
  let filled = 0;
  const out = html
    .replace(/data-raw="census:([a-z]+)"/g, (_, key: keyof Census) => `data-raw="${census[key]}"`)
    .replace(/<span class="fig-v" data-census-value="([a-z]+)">[^<]*<\/span>/g, (_, key: keyof Census) => {
      filled++;
      return `<span class="fig-v">${formatFigure(census[key], key === 'share' ? 'percent1' : 'count')}</span>`;
    });
  return { html: out, filled };
}
