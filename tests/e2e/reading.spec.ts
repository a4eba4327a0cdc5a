/** What a reader sees in the text: words kept apart, words kept whole, chart labels clear of the bars. */
import { expect, test, type Page } from '@playwright/test';
import { builtPages } from './pages.ts';
import { open } from './support.ts';

/** The page's text as laid out (innerText: blocks apart, hidden tooltips left out). */
async function readText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '));
}

// Run together by a template that drops the space at a line break: a word against a parenthesis ("CSV(the"),
// a word against a commit ("commit0ffbed9"), a sentence against the next ("v3.Authors").
const RUN_TOGETHER = /[A-Za-z]{3}\((?![s)])|\b(?:commit|at)[0-9a-f]{7,}|[a-z0-9][.;:][A-Z][a-z]/g;

test('no page runs two words together', async ({ page }, info) => {
  const found: string[] = [];
  for (const path of builtPages()) {
    await open(page, info, path);
    const text = await readText(page);
    for (const m of text.matchAll(RUN_TOGETHER))
      found.push(`/${path}: …${text.slice(Math.max(0, m.index! - 20), m.index! + 25)}…`);
  }
  expect(found).toEqual([]);
});

/** Words of four letters or more that the browser split across two lines: a word breaking mid-word. Digests and addresses may break. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (
        el.closest('.fig-p, .sr-only, pre, svg, [hidden], details:not([open]) > :not(summary)') ||
        el.getClientRects().length === 0
      )
        continue;
      for (const token of n.textContent!.matchAll(/\S+/g)) {
        // A digest, an address or a path with a pointer: long strings with no word in them; they break where they must.
        if (/[0-9a-f]{12,}|:\/\/|#\//.test(token[0])) continue;
        for (const w of token[0].matchAll(/[A-Za-z]{4,}/g)) {
          const at = token.index! + w.index!;
          range.setStart(n, at);
          range.setEnd(n, at + w[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1)
            out.push(`"${w[0]}" in ${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''}`);
        }
      }
    }
    return out;
  });
}

for (const width of [320, 390, 1280]) {
  test(`at ${width} px no word on the method page, the report or a property page breaks mid-word`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['method/', '', 'properties/p5/', 'properties/p9/']) {
      await open(page, info, path);
      expect(await brokenWords(page), `/${path}`).toEqual([]);
    }
  });
}

for (const [width, layout] of [
  [390, 'narrow'],
  [1280, 'wide'],
] as const) {
  test(`at ${width} px the Table 5 chart's labels sit clear of its bars and of each other`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, info, 'properties/p9/');
    const svg = page.locator(`#chart-table-5 svg[data-layout="${layout}"]`);
    await svg.scrollIntoViewIfNeeded();
    const clashes = await svg.evaluate((el) => {
      const boxes = (sel: string) =>
        [...el.querySelectorAll(sel)]
          .map((e) => ({ text: e.textContent ?? '', r: e.getBoundingClientRect() }))
          .filter((b) => b.r.width > 0);
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const bars = boxes('rect');
      const labels = boxes('text');
      const out: string[] = [];
      labels.forEach((l, i) => {
        for (const b of bars) if (meet(l.r, b.r)) out.push(`"${l.text}" over a bar`);
        for (const m of labels.slice(i + 1)) if (meet(l.r, m.r)) out.push(`"${l.text}" over "${m.text}"`);
      });
      return { out, labels: labels.length, bars: bars.length };
    });
    expect(clashes.bars).toBeGreaterThan(5);
    expect(clashes.labels).toBeGreaterThan(10);
    expect(clashes.out).toEqual([]);
  });
}
