/** The report on a 390 px phone: every verdict and every table cell on screen without a sideways scroll, chart text no smaller than the body's small text. */
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

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
