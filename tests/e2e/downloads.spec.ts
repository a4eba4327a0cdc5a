/** Downloads explain themselves, fetched the way a reader gets them: a tap on a phone, a click with a mouse. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open } from './support.ts';

const MODES = [
  { name: '390 px touch', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, touch: true },
  {
    name: '1280 px mouse',
    use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    touch: false,
  },
] as const;

/** Presses a download link as the mode's reader would and returns the downloaded file's text. */
async function fetchByPress(page: Page, link: Locator, touch: boolean): Promise<string> {
  await link.scrollIntoViewIfNeeded();
  const download = page.waitForEvent('download');
  if (touch) await link.tap();
  else await link.click();
  return readFileSync((await (await download).path())!, 'utf8');
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use({ ...mode.use, acceptDownloads: true });

    test("each headline table's CSV names its split and its columns' units, and its sidecar says what it is", async ({
      page,
    }, info) => {
      const { errors } = await open(page, info, 'properties/p1/');
      const seen: string[] = [];
      for (const id of ['table-headline-gaia', 'table-headline-swe-bench']) {
        const figure = page.locator(`#${id}`);
        const csv = await fetchByPress(page, figure.locator('a.csv'), mode.touch);
        const [head, ...rows] = csv.split('\r\n').filter((l) => l !== '');
        expect(head).toMatch(/^split,predictor,/);
        expect(head).toContain('"per gold error (ratio, x)"');
        expect(head).toContain('"joint (score, zero to one)"');
        const split = rows[0]!.split(',')[0]!;
        expect(rows.every((r) => r.startsWith(`${split},`))).toBe(true);
        seen.push(split);
        const meta = JSON.parse(await fetchByPress(page, figure.locator('a[href$=".csv.meta.json"]'), mode.touch));
        expect(meta.split).toBe(split);
        expect(meta.caption).toContain(split);
        expect(meta.description).toContain(meta.caption);
        expect(meta.shown_on.length).toBeGreaterThan(0);
        expect(meta.columns[0]).toEqual({ name: 'split', holds: 'the split the row is for' });
      }
      expect(new Set(seen).size).toBe(2);
      expect(errors).toEqual([]);
    });

    test("P5's evidence packet says what it is, links back to its page and labels its sections", async ({
      page,
    }, info) => {
      await open(page, info, 'properties/p5/');
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      const packet = JSON.parse(await fetchByPress(page, page.locator('a[href$="evidence.json"]'), mode.touch));
      expect(packet.description).toMatch(/^The evidence for property P5 of the TRAIL scorer audit/);
      expect(packet.page).toBe(canonical);
      for (const key of ['findings', 'leaves', 'files', 'rederivations', 'revision'])
        expect(typeof packet.sections[key], key).toBe('string');
      expect(packet.findings[0].tables[0].csv).toMatch(/\/data\/table-[a-z0-9-]+\.csv$/);
      expect(packet.leaves.every((l: { shown_in: string[] }) => l.shown_in.length > 0)).toBe(true);
    });
  });
}
