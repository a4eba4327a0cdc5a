/**
 * Link previews: every page names a share card (1200 x 630 PNG, drawn at build from its own
 * title and summary), a large card for Twitter's and Open Graph's readers, and a
 * description that states its finding with its figures, read from the artifacts here.
 */
import { expect, test } from '@playwright/test';
import { Resvg } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { formatFigure } from '../../src/provenance/format.ts';
import { HEADLINE_PREDICTOR } from '../../src/core/names.ts';
import { CARD, IMAGE_FONT } from '../../src/charts/image.ts';
import { SHARE_KEYS } from '../../src/findings/page-summaries.ts';
import { SHARED } from '../support/fixture.ts';
import { builtPages } from './pages.ts';

const meta = (page: import('@playwright/test').Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');

for (const path of builtPages()) {
  test(`/${path}: Open Graph, a large card, and a share image of 1200 x 630 that the site serves`, async ({
    page,
    request,
  }) => {
    await page.goto(path);
    for (const key of ['og:title', 'og:description', 'og:image', 'og:image:alt', 'description'])
      expect((await meta(page, key))?.length ?? 0, key).toBeGreaterThan(10);
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'og:image:type')).toBe('image/png');
    const image = new URL((await meta(page, 'og:image'))!);
    const res = await request.get(image.pathname);
    expect(res.status(), image.pathname).toBe(200);
    const png = await res.body();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect([await meta(page, 'og:image:width'), await meta(page, 'og:image:height')]).toEqual(['1200', '630']);
  });
}

test("the report's description states the headline with its figures, as the artifact holds them", async ({ page }) => {
  const adversarial = JSON.parse(readFileSync(join(SHARED, 'results/adversarial.json'), 'utf8'));
  await page.goto('');
  const description = (await meta(page, 'description'))!;
  for (const [split, s] of Object.entries(adversarial.splits) as [
    string,
    {
      predictors: Record<string, { joint_accuracy: number; volume_ratio: number }>;
      best_published: { joint_accuracy: { value: number } };
    },
  ][]) {
    expect(description).toContain(split);
    expect(description).toContain(formatFigure(s.predictors[HEADLINE_PREDICTOR]!.joint_accuracy, 'score'));
    expect(description).toContain(formatFigure(s.best_published.joint_accuracy.value, 'score'));
  }
  // The price of the score, and what kind of metric it is: the first split's volume ratio, and recall.
  const first = Object.values(adversarial.splits)[0] as { predictors: Record<string, { volume_ratio: number }> };
  expect(description).toContain(formatFigure(first.predictors[HEADLINE_PREDICTOR]!.volume_ratio, 'ratio'));
  expect(description).toMatch(/\brecall\b/);
  expect(await meta(page, 'og:description')).toBe(description);
});

test("a property page's description gives its verdict and how far off it is, in the audit's words", async ({
  page,
}) => {
  const normaliser = JSON.parse(readFileSync(join(SHARED, 'results/normaliser.json'), 'utf8'));
  await page.goto('properties/p5/');
  const p5 = normaliser.properties.P5;
  expect(await meta(page, 'description')).toBe(`P5: ${p5.verdict}. In the audit's words: “${p5.magnitude}”.`);
});

test("P3's description says what the audit's one divisor is per split, as the page's tables do", async ({ page }) => {
  const adversarial = JSON.parse(readFileSync(join(SHARED, 'results/adversarial.json'), 'utf8'));
  await page.goto('properties/p3/');
  const perSplit = Object.entries(adversarial.splits as Record<string, { gold_files_scored: number }>).map(
    ([split, s]) => `${formatFigure(s.gold_files_scored, 'count')} on ${split}`,
  );
  expect(await meta(page, 'description')).toContain(`dividing by ${perSplit.join(' and ')}.`);
});

test('each chart offers itself as SVG and PNG, and the SVG holds no text to miss a font', async ({ page, request }) => {
  // The report names its charts on the property pages; P1's draws two.
  await page.goto('properties/p1/');
  const links = page.locator('figure.chart .chart-data a[download]');
  expect(await links.count()).toBeGreaterThanOrEqual(2);
  for (const a of await links.all()) {
    const href = (await a.getAttribute('href'))!;
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    if (href.endsWith('.svg')) expect((await res.text()).includes('<text'), href).toBe(false);
    else expect((await res.body()).subarray(1, 4).toString('latin1'), href).toBe('PNG');
  }
});

test('each mark of a chart names where its value comes from, as a title the pointer shows, and the pointer resolves in the artifact', async ({
  page,
}) => {
  let marks = 0;
  for (const path of ['properties/p1/', 'properties/p6/', 'properties/p7/', 'properties/p9/']) {
    await page.goto(path);
    const titles = await page.locator('.chart-svg svg[data-layout="wide"] title').allTextContents();
    expect(titles.length, path).toBeGreaterThan(0);
    for (const t of titles) {
      const m = /: (results\/[a-z0-9]+\.json)#(\/.*)$/.exec(t);
      expect(m, t).not.toBeNull();
      const doc = JSON.parse(readFileSync(join(SHARED, m![1]!), 'utf8'));
      const value = m![2]!
        .split('/')
        .slice(1)
        .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce((v: unknown, k) => (v as Record<string, unknown> | undefined)?.[k], doc);
      expect(value, t).not.toBeUndefined();
      marks++;
    }
  }
  expect(marks).toBeGreaterThan(20);
});

const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) =>
  createRequire(import.meta.url).resolve(`@expo-google-fonts/inter/${f}`),
);

test("every share card's text fits its box: each line drawn in the card's font stays inside the margins and above the next, none cut", async ({
  request,
}) => {
  for (const key of SHARE_KEYS) {
    const svg = await (await request.get(`share/${key}.svg`)).text();
    const open = /^<svg[^>]*>/.exec(svg)![0];
    const lines = svg.match(/<text[\s\S]*?<\/text>/g) ?? [];
    expect(lines.length, key).toBeGreaterThan(3);
    expect(svg.includes('…'), `${key}: a line cut short`).toBe(false);
    // Each line alone, as the rasteriser draws it (Inter, no system font): its ink's box.
    const boxes = lines.map((line) => {
      const b = new Resvg(`${open}${line}</svg>`, {
        font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: IMAGE_FONT },
      }).getBBox()!;
      return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
    });
    boxes.forEach((b, i) => {
      expect(b.left, `${key} line ${i}`).toBeGreaterThanOrEqual(40);
      expect(b.right, `${key} line ${i}`).toBeLessThanOrEqual(CARD.width - 40);
      expect(b.bottom, `${key} line ${i}`).toBeLessThanOrEqual(CARD.height - 20);
      if (i > 0) expect(b.top, `${key} line ${i} overlaps the one above`).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    });
  }
});
