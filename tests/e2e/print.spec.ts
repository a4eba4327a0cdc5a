/**
 * Print keeps everything: the report and a property page printed to PDF (page.pdf, the print
 * stylesheet) hold every collapsed block's content, the whole citation, legend symbols in colour,
 * and no page ends on a table's or chart's caption. The PDF's text is read back with unpdf.
 */
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { open } from './support.ts';

const MODES = [
  { name: '390 px touch', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: '1280 px mouse', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
] as const;

/** Text without its spacing: a PDF's lines break where the page's do not. */
const squash = (s: string) => s.replace(/\s+/g, '');

/** What the page holds that the PDF must too: the first and last entry of every collapsed block, every caption, the citation's lines. */
async function expectations(page: Page) {
  return page.evaluate(() => {
    // The row links (#), the citation's buttons and the references' numbers are for the screen and for print
    // respectively: compared without them.
    const text = (el: Element) => {
      const copy = el.cloneNode(true) as Element;
      copy.querySelectorAll('.row-anchor, .anchor, .fig-p, .sr-only, .button, [hidden]').forEach((e) => e.remove());
      return copy.textContent!.trim();
    };
    // A block of rows or items: its first and last; a block of one piece (a BibTeX entry): its text.
    const closed = [...document.querySelectorAll('details:not([open])')].map((d) => {
      const entries = [...d.querySelectorAll(':scope > :not(summary) :is(li, tbody th)')];
      if (entries.length === 0) entries.push(...d.querySelectorAll(':scope > :not(summary)'));
      return {
        summary: text(d.querySelector('summary')!),
        first: text(entries[0]!),
        last: text(entries.at(-1)!),
        count: entries.length,
      };
    });
    const captions = [...document.querySelectorAll('main :is(.table-figure, .chart) > figcaption')].map(text);
    const bibtex = [...document.querySelectorAll('.cite-format pre')].map(
      (p) => p.textContent!.split('\n').sort((a, b) => b.length - a.length)[0]!,
    );
    return { closed, captions, bibtex };
  });
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use(mode.use);
    for (const path of ['', 'properties/p5/']) {
      test(`/${path} printed to PDF keeps every collapsed block, the whole citation, and no caption alone at a page's foot`, async ({
        page,
      }, info) => {
        test.setTimeout(120_000);
        const { errors } = await open(page, info, path);
        const want = await expectations(page);
        expect(want.closed.length, 'the page has collapsed blocks').toBeGreaterThan(0);
        for (const format of ['A4', 'Letter'] as const) {
          const pdf = await page.pdf({ format });
          const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
          const all = squash(pages.join(''));
          // In print an external link is followed by its reference number ([n], print-references.ts): compared without it.
          const unnumbered = all.replace(/\[\d+\]/g, '');
          for (const c of want.closed) {
            expect(c.count, c.summary).toBeGreaterThan(0);
            for (const entry of [c.first, c.last])
              expect(unnumbered.includes(squash(entry)), `${format}: "${c.summary}": "${entry}" is in the PDF`).toBe(
                true,
              );
          }
          for (const line of want.bibtex)
            expect(
              all.includes(squash(line)),
              `${format}: the citation line "${line}" is in the PDF, in reading order`,
            ).toBe(true);
          // No page ends on a caption: the table or chart it names would start on the next page.
          const orphans = pages.flatMap((p, i) => {
            const end = squash(p).replace(/\[\d+\]/g, '');
            return want.captions
              .filter((c) => end.endsWith(squash(c).replace(/\[\d+\]/g, '')))
              .map((c) => `${format} page ${i + 1} ends on "${c}"`);
          });
          expect(orphans).toEqual([]);
        }
        expect(errors).toEqual([]);
      });
    }

    test('in print, legend symbols keep their colour and the citation fits its page, wrapped', async ({
      page,
    }, info) => {
      // P1's page draws three charts, each with its legend.
      await open(page, info, 'properties/p1/');
      await page.emulateMedia({ media: 'print' });
      const state = await page.evaluate(() => ({
        swatches: [...document.querySelectorAll('.legend .swatch')].map((s) => getComputedStyle(s).printColorAdjust),
        // A pre that is wider inside than its box is cut at the box's edge on paper.
        cut: [...document.querySelectorAll('.cite-format pre, .cite-text')]
          .filter((p) => p.scrollWidth > p.clientWidth + 1)
          .map((p) => p.textContent!.slice(0, 40)),
        // Every collapsed block's content is laid out in print.
        hidden: [...document.querySelectorAll('details:not([open]) > :not(summary)')].filter(
          (e) => e.getClientRects().length === 0 || (e as HTMLElement).offsetHeight === 0,
        ).length,
      }));
      expect(state.swatches.length).toBeGreaterThan(3);
      expect(state.swatches.every((s) => s === 'exact')).toBe(true);
      expect(state.cut).toEqual([]);
      expect(state.hidden).toBe(0);
    });
  });
}
