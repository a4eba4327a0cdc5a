/** Search lands on findings: a finding's own words bring up its section (a sub-result with its anchor) or its property's page first. */
import { expect, test, type Page } from '@playwright/test';
import { open } from './support.ts';

// The query, and where it must land: the finding's heading on the report, or its property's page (a section of it). A finding's own words.
const QUERIES = [
  ['trailing comma', /#one-gold-file-that-does-not-load-p3$|properties\/p3\/(#[a-z0-9-]+)?$/],
  ['gold file', /#one-gold-file-that-does-not-load-p3$|properties\/p3\/(#[a-z0-9-]+)?$/],
  ['null category', /#one-null-category-[a-z-]*-p8$|properties\/p8\/(#[a-z0-9-]+)?$/],
  ['Table 5', /#[a-z0-9-]*-p9$|properties\/p9\/(#[a-z0-9-]+)?$/],
  ['split sizes', /#[a-z0-9-]*-p9$|properties\/p9\/(#[a-z0-9-]+)?$/],
  ['taxonomy order', /#an-order-dependence-[a-z-]*-p5$|properties\/p5\/(#[a-z0-9-]+)?$/],
  ['shorter than any label', /-p6$|properties\/p6\/(#[a-z0-9-]+)?$/],
  ['category F1', /-p7$|properties\/p7\/(#[a-z0-9-]+)?$/],
  ['spellings', /#gold-labels-that-miss-the-taxonomy-p4$|properties\/p4\/(#[a-z0-9-]+)?$/],
  ['absent locations', /-p2$|properties\/p2\/(#[a-z0-9-]+)?$/],
  // The headline finding: the report's claim or P1, whose property it is.
  ['never opens a span', /^(?!.*(method|changes|search|properties\/p[2-9])\/).*\/(#[a-z0-9-]+)?$/],
  ['lock digest', /changes\/(#[a-z0-9-]+)?$|method\/(#[a-z0-9-]+)?$/],
] as const;

const MODES = [
  { name: '390 px touch', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: '1280 px mouse', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
] as const;

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use(mode.use);
    test(`${QUERIES.length} real queries each land on their finding first`, async ({ page }, info) => {
      const { errors, outside } = await open(page, info, 'search/');
      const missed: string[] = [];
      for (const [query, lands] of QUERIES) {
        await page.locator('.pagefind-ui__search-input').fill(query);
        const first = page.locator('.pagefind-ui__result').first();
        await expect(first).toBeVisible();
        // Wait for this query's results, not the last one's: the address carries what the box holds.
        await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}$`));
        await expect(page.locator('.pagefind-ui__message')).toContainText(query);
        // The first result, or the first section shown under it (Pagefind's sub-results, one per heading with an id).
        await expect(first.locator('.pagefind-ui__result-link').first()).toHaveAttribute('href', /./);
        const links = await first
          .locator('.pagefind-ui__result-link')
          .evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
        const landing = links.length > 1 && !lands.test(links[0]!) ? links[1]! : links[0]!;
        if (!lands.test(landing)) missed.push(`"${query}" gave ${links.join(', ')}`);
      }
      expect(missed).toEqual([]);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
    });

    test('a search can be shared: ?q= runs the query, and the box writes the query back to the address', async ({
      page,
    }, info) => {
      const { errors } = await open(page, info, 'search/?q=trailing%20comma');
      await expect(page.locator('.pagefind-ui__search-input')).toHaveValue('trailing comma');
      // It lands where the typed query would: on P3's finding (its report section, or its page), by the first result's links.
      const first = page.locator('.pagefind-ui__result').first();
      await expect(first.locator('.pagefind-ui__result-link').first()).toHaveAttribute('href', /./);
      const links = await first
        .locator('.pagefind-ui__result-link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
      const [, lands] = QUERIES[0];
      const landing = links.length > 1 && !lands.test(links[0]!) ? links[1]! : links[0]!;
      expect(lands.test(landing), `"trailing comma" gave ${links.join(', ')}`).toBe(true);
      const entries = await page.evaluate(() => history.length);
      await page.locator('.pagefind-ui__search-input').fill('null category');
      await expect(page).toHaveURL(/\?q=null(\+|%20)category$/);
      // Replaced, not pushed: typing adds no history entries.
      expect(await page.evaluate(() => history.length)).toBe(entries);
      await page.locator('.pagefind-ui__search-input').fill('');
      await expect(page).toHaveURL(/search\/$/);
      expect(errors).toEqual([]);
    });
  });
}

test('a result links to the section that answers the query, an anchor its page has', async ({ page }, info) => {
  const { errors } = await open(page, info, 'search/');
  for (const query of ['joint accuracy', 'P7', 'trailing comma']) {
    await page.locator('.pagefind-ui__search-input').fill(query);
    await expect(page.locator('.pagefind-ui__message')).toContainText(query);
    const href = await page.locator('.pagefind-ui__result-link').first().getAttribute('href');
    const [path, fragment] = (href ?? '').split('#');
    expect(fragment, `"${query}": the first link ${href} names a section`).toMatch(/^[a-z0-9-]+$/);
    const html = await (await page.request.get(new URL(path!, page.url()).href)).text();
    expect(html, `"${query}": ${path} has an element with the id ${fragment}`).toContain(`id="${fragment}"`);
  }
  expect(errors).toEqual([]);
});

type Hit = { url: string; excerpt: string; sub_results?: { url: string; excerpt: string }[] };

/** Pagefind's own results for each query, read in the page through its JS API. */
async function pagefind(page: Page, queries: readonly string[]): Promise<Hit[][]> {
  return page.evaluate(
    async ({ base, queries }) => {
      const pf = await import(`${base}pagefind/pagefind.js`);
      const out: Hit[][] = [];
      for (const query of queries) {
        const r = await pf.search(query);
        out.push(await Promise.all(r.results.map((x: { data(): Promise<Hit> }) => x.data())));
      }
      return out;
    },
    { base: new URL(page.url()).pathname.replace(/search\/$/, ''), queries },
  );
}

test('"P7" finds the pages that discuss P7, not every page whose list of re-derivations names it', async ({
  page,
}, info) => {
  await open(page, info, 'search/');
  const found = (await pagefind(page, ['P7']))[0]!.map((d) => ({
    url: d.url,
    sections: (d.sub_results ?? []).map((s) => s.url),
  }));
  expect(found[0]?.url, "P7's own page first").toMatch(/properties\/p7\/(#[a-z0-9-]+)?$/);
  // The list under "Re-derived at build" is left out of the index, so no other page's list brings that page up.
  const others = found.flatMap((f) => f.sections).filter((u) => /#rederived$/.test(u) && !/\/p7\//.test(u));
  expect(others).toEqual([]);
});

test('results hold no hidden text, no citation block and no page twice, and the search page is not itself a result', async ({
  page,
}, info) => {
  await open(page, info, 'search/');
  const queries = [
    'normaliser',
    'link row',
    'P5',
    'cite',
    'BibTeX',
    'revision',
    'taxonomy',
    'trailing comma',
    'scorer',
  ];
  const found = (await pagefind(page, queries)).map((data, i) => ({
    query: queries[i]!,
    urls: data.map((d) => d.url),
    excerpts: data.flatMap((d) => [d.excerpt, ...(d.sub_results ?? []).map((s) => s.excerpt)]),
  }));
  for (const { query, urls, excerpts } of found) {
    expect(new Set(urls).size, `"${query}": a page twice in ${urls.join(', ')}`).toBe(urls.length);
    expect(
      urls.filter((u) => /search\/$/.test(u)),
      `"${query}"`,
    ).toEqual([]);
    expect(
      excerpts.filter((e) => /Link to the row|BibTeX|@misc/.test(e)),
      `"${query}"`,
    ).toEqual([]);
  }
  expect(found.find((f) => f.query === 'BibTeX')!.urls, 'the citation block is not indexed').toEqual([]);
});

test('the pin block reads as sentences in the search index, not run together', async ({ page }, info) => {
  await open(page, info, 'search/');
  const excerpt = await page.evaluate(
    async (base) => {
      const pf = await import(`${base}pagefind/pagefind.js`);
      const r = await pf.search('scorer');
      for (const x of r.results) {
        const d = await x.data();
        if (d.url.endsWith('method/')) return d.content as string;
      }
      return '';
    },
    new URL(page.url()).pathname.replace(/search\/$/, ''),
  );
  expect(excerpt).toMatch(/TRAIL commit: [0-9a-f]{7,}/);
  expect(excerpt).toMatch(/scorer: [0-9a-f]{12,}/);
});

test('the 404 page is not in the search index: only pages with an address of their own are', async ({ page }, info) => {
  await open(page, info, 'search/');
  const urls = await page.evaluate(
    async (base) => {
      const pf = await import(`${base}pagefind/pagefind.js`);
      const r = await pf.search('page');
      return Promise.all(r.results.map(async (x: { data(): Promise<{ url: string }> }) => (await x.data()).url));
    },
    new URL(page.url()).pathname.replace(/search\/$/, ''),
  );
  expect(urls.length, 'the query finds pages').toBeGreaterThan(0);
  expect(urls.filter((u: string) => /404/.test(u))).toEqual([]);
});
