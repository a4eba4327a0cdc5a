/**
 * A report that summarises and property pages that lead with the finding: measured at 390 px with
 * touch and at 1280 px with a mouse. The report's height, its first screen, the links that stand in
 * for the evidence now on the property pages, and no deferred rendering to make the scrollbar jump.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from './support.ts';
import { SHARED, PROJECT } from '../support/fixture.ts';

const MODES = [
  {
    name: '390 px touch',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    // Twenty phone screens.
    maxHeight: 20 * 844,
  },
  {
    name: '1280 px mouse',
    use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    maxHeight: 17_000,
  },
] as const;
const PROPERTIES = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];
// Each property's verdict as its artifact holds it, and its title as its page's frontmatter gives it.
const VERDICTS = new Map<string, string>(
  ['adversarial', 'datacheck', 'normaliser', 'catf1', 'pairing'].flatMap((f) =>
    Object.entries(
      (
        JSON.parse(readFileSync(join(SHARED, `results/${f}.json`), 'utf8')) as {
          properties: Record<string, { verdict: string }>;
        }
      ).properties,
    ).map(([name, p]) => [name, p.verdict] as const),
  ),
);
const titleOf = (p: string) =>
  /^title: (.+)$/m.exec(readFileSync(join(PROJECT, `content/properties/${p}.mdx`), 'utf8'))![1]!.replace(/^"|"$/g, '');
// The headline figure and the best published one, as the report's opening states them.
const HEADLINE = '[data-pointer="/splits/GAIA/predictors/all-spans-all-categories/joint_accuracy"]';
const BEST = '[data-pointer="/splits/GAIA/best_published/joint_accuracy/value"]';

/** Where an element ends, on the page as first shown (before any scrolling). */
async function bottomOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use(mode.use);

    test(`the report is at most ${mode.maxHeight} px tall, with the headline figure and the best published one on the first screen`, async ({
      page,
    }, info) => {
      const { errors } = await open(page, info, '');
      const { height, screen } = await page.evaluate(() => ({
        height: document.scrollingElement!.scrollHeight,
        screen: innerHeight,
      }));
      test.info().annotations.push({ type: 'report height', description: `${height} px at ${mode.name}` });
      expect(height).toBeLessThanOrEqual(mode.maxHeight);
      for (const figure of [HEADLINE, BEST])
        expect(await bottomOf(page, `main ${figure}`), figure).toBeLessThanOrEqual(screen);
      expect(errors).toEqual([]);
    });

    test('the nine verdicts, in words, each linked to its page and named by its title, end within the first two screens', async ({
      page,
    }, info) => {
      const { errors } = await open(page, info, '');
      const screen = await page.evaluate(() => innerHeight);
      for (const p of PROPERTIES) {
        const link = page.locator(`.verdict-list a[href$="properties/${p}/"]`);
        await expect(link, p).toHaveCount(1);
        const text = (await link.textContent())!.replace(/\s+/g, ' ');
        expect(text, p).toContain(p.toUpperCase());
        expect(text, p).toContain(VERDICTS.get(p.toUpperCase())!);
        expect(text, p).toContain(titleOf(p));
        const bottom = await link.evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
        expect(bottom, `${p} ends at ${bottom} px`).toBeLessThanOrEqual(2 * screen);
      }
      // The key: what each verdict word means, beside the list.
      for (const v of ['VIOLATED', 'LATENT', 'HELD']) {
        const dt = page.locator(`.verdict-key #glossary-${v.toLowerCase()} dt`);
        await expect(dt).toHaveText(`${v}:`);
        // The key gives each word the colours the header's property links carry for it.
        const colours = (l: Locator) =>
          l.evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]);
        const pill = page.locator(`.site-header .pill.${v.toLowerCase()}`).first();
        if (await pill.count()) expect(await colours(dt.locator('span')), v).toEqual(await colours(pill));
      }
      expect(errors).toEqual([]);
    });

    test('nothing is deferred: the page is as long at its end as at its top, and no block waits to be laid out', async ({
      page,
    }, info) => {
      for (const path of ['', 'properties/p5/', 'properties/p6/']) {
        await open(page, info, path);
        const deferred = await page.$$eval(
          'main *',
          (els) => els.filter((e) => getComputedStyle(e).contentVisibility === 'auto').length,
        );
        expect(deferred, `/${path}`).toBe(0);
        const before = await page.evaluate(() => document.scrollingElement!.scrollHeight);
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => document.scrollingElement!.scrollHeight), `/${path}`).toBe(before);
      }
    });

    test('each property page shows its verdict and how far off it is on the first screen', async ({ page }, info) => {
      for (const p of PROPERTIES) {
        await open(page, info, `properties/${p}/`);
        const screen = await page.evaluate(() => innerHeight);
        expect(await bottomOf(page, '#verdict'), `${p}: the verdict`).toBeLessThanOrEqual(screen);
        expect(
          await bottomOf(page, '.verdict-hero q.aw[data-pointer$="/magnitude"]'),
          `${p}: how far off`,
        ).toBeLessThanOrEqual(screen);
      }
    });
  });
}

test("each finding the report leaves to a property page links to that page's evidence for it, which holds its tables and charts", async ({
  page,
}, info) => {
  await open(page, info, '');
  const links = await page.$$eval('section[data-finding] .more-elsewhere a[href*="#evidence-"]', (as) =>
    as.map((a) => ({
      finding: a.closest('section[data-finding]')!.getAttribute('data-finding')!,
      href: (a as HTMLAnchorElement).href,
    })),
  );
  expect(links.length).toBeGreaterThan(8);
  // Collapsed blocks on the report: the summary names every table inside.
  const collapsed = await page.$$eval('details.report-collapsed', (ds) =>
    ds.map((d) => ({
      summary: d.querySelector('summary')!.textContent!,
      captions: [...d.querySelectorAll('.table-figure .caption-text')].map((c) => c.textContent!),
    })),
  );
  expect(collapsed.length).toBeGreaterThan(0);
  for (const c of collapsed) for (const caption of c.captions) expect(c.summary).toContain(caption);
  for (const l of links) {
    const url = new URL(l.href);
    expect(url.hash, l.href).toBe(`#evidence-${l.finding}`);
    await page.goto(url.pathname);
    // The heading the link lands on opens the finding's evidence there: its section holds the tables and charts.
    await expect(page.locator(`[id="evidence-${l.finding}"]`), l.href).toHaveCount(1);
    const section = page.locator(`section[data-finding="${l.finding}"]:has([id="evidence-${l.finding}"])`);
    expect(await section.locator('figure').count(), l.href).toBeGreaterThan(0);
  }
});
