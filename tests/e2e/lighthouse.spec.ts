/**
 * Lighthouse's deterministic categories (accessibility, best practices, SEO) score 100,
 * desktop preset. Kept lean for the suite's time (a run takes about half a minute per
 * page on two loaded cores): the report, which holds every table, chart and figure
 * component, and the search page, the only one with script. axe covers every page in
 * pages.spec.ts, and `npm run bench:lighthouse` scores every page on both presets.
 * The 404 page is left out: it carries noindex by design, which SEO counts against it.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { runLighthouse, serveDist } from '../../scripts/bench/lighthouse-run.ts';

const PAGES = ['/', '/search/'];

test('Lighthouse: accessibility, best practices and SEO score 100', async () => {
  test.setTimeout(240_000);
  const server = await serveDist(join(import.meta.dirname, '../../dist'));
  try {
    const rows = await runLighthouse(server.origin, PAGES, 'desktop', ['accessibility', 'best-practices', 'seo']);
    const below = rows.flatMap((r) =>
      Object.entries(r.scores)
        .filter(([, s]) => s !== 100)
        .map(([c, s]) => `${r.page} ${c} ${s} (${r.failing.join(', ')})`),
    );
    expect(rows).toHaveLength(PAGES.length);
    expect(below).toEqual([]);
  } finally {
    await server.close();
  }
});
