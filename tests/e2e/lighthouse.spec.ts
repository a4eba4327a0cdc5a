/**
 * Lighthouse's deterministic categories (accessibility, best practices, SEO) score 100,
 * desktop preset. Kept to three pages for the suite's time: the report, which holds every
 * table, chart and figure component; the search page, the only one that loads a script; and
 * the 404 page, the one without a canonical link. axe covers every page in pages.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { runLighthouse } from '../support/lighthouse.ts';

const PAGES = ['/', '/search/', '/404.html'];

test('Lighthouse: accessibility, best practices and SEO score 100', async ({ baseURL }) => {
  test.setTimeout(240_000);
  // This run's own server, under its base path (SITE_BASE), where the pages' assets are.
  const rows = await runLighthouse(baseURL!.replace(/\/$/, ''), PAGES, ['accessibility', 'best-practices', 'seo']);
  const below = rows.flatMap((r) =>
    Object.entries(r.scores)
      .filter(([, s]) => s !== 100)
      .map(([c, s]) => `${r.page} ${c} ${s} (${r.failing.join(', ')})`),
  );
  expect(rows).toHaveLength(PAGES.length);
  expect(below).toEqual([]);
});
