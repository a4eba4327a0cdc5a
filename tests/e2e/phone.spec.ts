/**
 * The site on a 390 px phone: every verdict and every table cell on screen without a sideways scroll, chart text no
 * smaller than the body's small text, property pages short enough to hold, no page wider than the screen with every
 * control open, no word that asks for a hover, and targets a finger can press.
 */
import { expect, test, type Page } from '@playwright/test';
import { sitemapPages } from './support.ts';

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  permissions: ['clipboard-read', 'clipboard-write'],
});

test('at 390 px every verdict of the grid, and every table cell, is on screen without scrolling sideways', async ({
  page,
}) => {
  await page.goto('');
  // The report's verdict grid is collapsed: a tap opens it.
  await page.locator('details:has(#table-verdicts) > summary').tap();
  const verdicts = await page.$$eval('#table-verdicts tbody tr', (rows) =>
    rows.map((tr) => {
      const v = tr.querySelector('.verdict')!.getBoundingClientRect();
      return { property: tr.querySelector('th')!.textContent!.trim(), left: v.left, right: v.right, width: v.width };
    }),
  );
  expect(verdicts.length).toBe(9);
  for (const v of verdicts)
    expect(v.left >= 0 && v.right <= 390 && v.width > 0, `${v.property}'s verdict at ${v.left}..${v.right}`).toBe(true);
  const outside = await page.$$eval('.table-figure :is(td, th)', (cells) =>
    cells.flatMap((c) => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && (r.left < 0 || r.right > document.documentElement.clientWidth + 0.5)
        ? [`${c.closest('figure')!.id}: "${c.textContent!.trim().slice(0, 30)}" ends at ${Math.round(r.right)}`]
        : [];
    }),
  );
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('at 390 px no chart text is smaller than the body small text', async ({ page }) => {
  // The charts are on the property pages; P1's draws three.
  await page.goto('properties/p1/');
  const { small, texts } = await page.evaluate(() => {
    // The body's small text: the notes under tables and charts.
    const small = parseFloat(getComputedStyle(document.querySelector('.prov-note')!).fontSize);
    const texts = [...document.querySelectorAll('.chart-svg svg text')].flatMap((t) => {
      const svg = t.closest('svg')!;
      if (svg.getBoundingClientRect().width === 0) return [];
      // Rendered size: the computed font size scaled by how wide the drawing is shown against its viewBox.
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [
        {
          chart: t.closest('figure')!.id,
          text: t.textContent!.slice(0, 30),
          px: parseFloat(getComputedStyle(t).fontSize) * scale,
        },
      ];
    });
    return { small, texts };
  });
  expect(small).toBeGreaterThan(0);
  expect(texts.length).toBeGreaterThan(50);
  expect(
    texts.filter((t) => t.px < small - 0.01).map((t) => `${t.chart} "${t.text}" at ${t.px.toFixed(1)} px`),
  ).toEqual([]);
});

const SCREEN = 844;

test('at 390 px every property page is at most 12 screens long', async ({ page, request, baseURL }) => {
  const properties = (await sitemapPages(request, baseURL!)).filter((p) => /^properties\/p\d+\/$/.test(p));
  expect(properties.length).toBe(9);
  const long: string[] = [];
  for (const path of properties) {
    await page.goto(path);
    const screens = (await page.evaluate(() => document.documentElement.scrollHeight)) / SCREEN;
    if (screens > 12) long.push(`${path}: ${screens.toFixed(1)} screens`);
  }
  expect(long).toEqual([]);
});

/** Opens every collapsed block by a tap on its summary (nested ones once their parent is open), then presses every copy button. */
async function openEverything(page: Page): Promise<void> {
  for (;;) {
    const closed = page.locator('details:not([open]) > summary:visible');
    if ((await closed.count()) === 0) break;
    await closed.first().tap();
  }
  for (const button of await page.locator('main button[data-copy]:visible').all()) await button.tap();
}

test('at 390 px no page is wider than the screen with every control open, and none says hover', async ({
  page,
  request,
  baseURL,
}) => {
  const wide: string[] = [];
  const hover: string[] = [];
  for (const path of await sitemapPages(request, baseURL!)) {
    await page.goto(path);
    await openEverything(page);
    const { width, text } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      text: document.body.innerText,
    }));
    if (width > 390) wide.push(`${path}: ${width} px`);
    // Touch, mouse and keyboard readers alike: a phone has no hover.
    for (const m of text.matchAll(/.{0,40}hover.{0,40}/gi)) hover.push(`${path}: ${m[0]}`);
  }
  expect(wide).toEqual([]);
  expect(hover).toEqual([]);
});

test('at 390 px every target outside a sentence is at least 24 px, and the navigation, summaries and buttons 44', async ({
  page,
  request,
  baseURL,
}) => {
  const small: string[] = [];
  for (const path of await sitemapPages(request, baseURL!)) {
    await page.goto(path);
    await openEverything(page);
    small.push(
      ...(await page.evaluate((path) => {
        const TARGETS = 'a[href], button, summary, label[for], select, input:not([type="radio"]), [tabindex="0"]';
        // WCAG 2.2 SC 2.5.8's exception: a target in a sentence, whose size the line of text sets.
        const inSentence = (e: Element) => {
          if (getComputedStyle(e).display !== 'inline') return false;
          let block = e.parentElement!;
          while (getComputedStyle(block).display === 'inline') block = block.parentElement!;
          return block.textContent!.trim() !== e.textContent!.trim();
        };
        const LARGE = '.site-header nav > a, .pill, .theme label, summary, .button, .to-top';
        return [...document.querySelectorAll(TARGETS)].flatMap((e) => {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || inSentence(e)) return [];
          const least = e.matches(LARGE) ? 44 : 24;
          const short = e.matches(LARGE) ? r.height < least : r.width < least || r.height < least;
          const name = `${e.tagName.toLowerCase()}.${e.className} "${e.textContent!.trim().slice(0, 30)}"`;
          return short ? [`${path}: ${name} ${Math.round(r.width)}x${Math.round(r.height)} (under ${least})`] : [];
        });
      }, path)),
    );
  }
  expect(small).toEqual([]);
});

test('every long page offers its contents and a way back to the top, with no script', async ({
  page,
  request,
  baseURL,
}) => {
  const long = (await sitemapPages(request, baseURL!)).filter(
    (p) => p === '' || p === 'method/' || /^properties\//.test(p),
  );
  expect(long.length).toBe(11);
  for (const path of long) {
    await page.goto(path);
    const entries = page.locator('nav.toc a');
    expect(await entries.count(), path).toBeGreaterThan(3);
    // Every entry names a section on the page.
    const missing = await entries.evaluateAll((as) =>
      as.map((a) => a.getAttribute('href')!).filter((h) => !document.getElementById(h.slice(1))),
    );
    expect(missing, path).toEqual([]);
    await page.locator('a.to-top').tap();
    await expect(page.locator('header.site-header')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => scrollY), path).toBe(0);
  }
});
