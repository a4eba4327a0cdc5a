/**
 * Benchmark: Lighthouse on every page of the built site (dist/), mobile and desktop
 * presets, printing each page's four scores and lab metrics beside the targets
 * (performance 95 or more on mobile; 100 in accessibility, best practices and SEO).
 * A script that prints figures, not a test. Run after `npm run build`.
 * LH_PRESETS=mobile and LH_PAGES=/,/method/ narrow a run while iterating; LH_DIST measures
 * another built copy (an earlier revision's dist/, for a before-and-after in one sitting).
 */
import { join } from 'node:path';
import { SettingError } from '../../src/core/setting-error.ts';
import { CATEGORIES, runLighthouse, serveDist, sitePages, type PageScores } from './lighthouse-run.ts';

const dist = process.env['LH_DIST'] ?? join(import.meta.dirname, '../../dist');
const presets = (process.env['LH_PRESETS'] ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const server = await serveDist(dist);
try {
  const only = process.env['LH_PAGES']?.split(',');
  const pages = sitePages(dist).filter((p) => only === undefined || only.includes(p));
  if (pages.length === 0)
    throw new SettingError(
      'LH_PAGES',
      `built pages, comma-separated (of ${sitePages(dist).join(', ')})`,
      JSON.stringify(process.env['LH_PAGES']),
    );
  for (const preset of presets) {
    const rows: PageScores[] = await runLighthouse(server.origin, pages, preset);
    console.log(`\nLighthouse 12.2.3, ${preset} preset (targets: performance >= 95 on mobile; 100 in the other three)`);
    console.log(
      `${'page'.padEnd(22)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'seo'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'DOM'.padStart(6)}  failing`,
    );
    for (const r of rows) {
      const s = (c: (typeof CATEGORIES)[number]) => String(r.scores[c] ?? '-').padStart(5);
      const m = r.metrics;
      console.log(
        `${r.page.padEnd(22)} ${s('performance')} ${s('accessibility')} ${s('best-practices')} ${s('seo')} ${m['lcp']!.toFixed(0).padStart(8)} ${m['tbt']!.toFixed(0).padStart(7)} ${m['cls']!.toFixed(3).padStart(6)} ${String(m['dom']).padStart(6)}  ${r.failing.join(' ')}`,
      );
    }
  }
} finally {
  await server.close();
}
