/** Search lands on findings: a finding's own words bring up its section (a sub-result with its anchor) or its property's page first. */
import { expect, test } from '@playwright/test';
import { open } from './support.ts';

// The query, and where it must land: the finding's heading on the report, or its property's page.
const QUERIES = [
  ['trailing comma', /#one-gold-file-that-does-not-load-p3$|properties\/p3\/$/],
  ['null category', /#one-null-category-[a-z-]*-p8$|properties\/p8\/$/],
  ['Table 5', /#the-paper-and-the-repository-[a-z-]*-p9$|properties\/p9\/$/],
] as const;

for (const [query, lands] of QUERIES) {
  test(`searching "${query}" lands on its finding`, async ({ page }, info) => {
    const { errors, outside } = await open(page, info, 'search/');
    await page.locator('.pagefind-ui__search-input').fill(query);
    const first = page.locator('.pagefind-ui__result').first();
    await expect(first).toBeVisible();
    // The first result, or the first section shown under it (Pagefind's sub-results, one per heading with an id).
    await expect(first.locator('.pagefind-ui__result-link').first()).toHaveAttribute('href', /./);
    const links = await first.locator('.pagefind-ui__result-link').evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
    const landing = links.length > 1 && !lands.test(links[0]!) ? links[1]! : links[0]!;
    expect(landing, `"${query}" gave ${links.join(', ')}`).toMatch(lands);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  });
}

test('the pin block reads as sentences in the search index, not run together', async ({ page }, info) => {
  await open(page, info, 'search/');
  const excerpt = await page.evaluate(async (base) => {
    const pf = await import(`${base}pagefind/pagefind.js`);
    const r = await pf.search('scorer');
    for (const x of r.results) {
      const d = await x.data();
      if (d.url.endsWith('method/')) return d.content as string;
    }
    return '';
  }, new URL(page.url()).pathname.replace(/search\/$/, ''));
  expect(excerpt).toMatch(/TRAIL commit: [0-9a-f]{7,}/);
  expect(excerpt).toMatch(/scorer: [0-9a-f]{12,}/);
});

test('the 404 page is not in the search index: only pages with an address of their own are', async ({ page }, info) => {
  await open(page, info, 'search/');
  const urls = await page.evaluate(async (base) => {
    const pf = await import(`${base}pagefind/pagefind.js`);
    const r = await pf.search('page');
    return Promise.all(r.results.map(async (x: { data(): Promise<{ url: string }> }) => (await x.data()).url));
  }, new URL(page.url()).pathname.replace(/search\/$/, ''));
  expect(urls.length, 'the query finds pages').toBeGreaterThan(0);
  expect(urls.filter((u: string) => /404/.test(u))).toEqual([]);
});
