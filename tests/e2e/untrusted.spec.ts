/**
 * Artifact strings are untrusted input. A copy of the artifacts whose strings hold
 * markup (lock updated, so admission accepts it) is built and opened in Chromium:
 * the markup must show as text and nothing in it may run.
 */
import { expect, test } from '@playwright/test';
import { makeCopy, type Copy } from '../support/fixture.ts';
import { sandbox, type Sandbox } from '../support/build.ts';
import { serve } from '../support/static-server.ts';

const HOSTILE = {
  script: '<script>window.__pwned = "script"</script>',
  // Keeps the count P2's magnitude states up front, which admission re-derives.
  img: '2 of 836 gold locations <img src=x onerror="window.__pwned = \'img\'">',
  js: 'javascript:window.__pwned = "url"',
  svg: '</svg><svg onload="window.__pwned = \'svg\'"></svg>',
  // A right-to-left override, then NUL and BEL: none may reach the page raw or reorder our text.
  rlo: 'first \u202Elast\u0000\u0007 end',
};

test.describe('untrusted artifact strings', () => {
  test.describe.configure({ mode: 'serial' });
  let copy: Copy;
  let box: Sandbox;
  let site: { url: string; close: () => Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    copy = makeCopy();
    copy.set('results/adversarial.json', '/properties/P1/claim', HOSTILE.script);
    copy.set('results/adversarial.json', '/properties/P2/magnitude', HOSTILE.img);
    copy.set('results/pairing.json', '/runs/0/label', HOSTILE.js);
    // The paper citations (table_1, table_5) are checked against the cited source at build; a claim is free text.
    copy.set('results/datacheck.json', '/properties/P9/claim', HOSTILE.svg);
    copy.set('results/normaliser.json', '/properties/P6/claim', HOSTILE.rlo);
    await copy.relock();
    box = sandbox();
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    expect(r.code, r.output.slice(-2000)).toBe(0);
    // The sandbox builds under this run's SITE_BASE, so it is served there.
    site = await serve(r.dist, (process.env['SITE_BASE'] || '/').replace(/\/?$/, '/'));
  });
  test.afterAll(async () => {
    await site?.close();
    box?.dispose();
    copy?.dispose();
  });

  for (const path of ['', 'properties/p1/', 'properties/p2/', 'properties/p8/', 'properties/p9/']) {
    test(`/${path} shows the markup as text and runs none of it`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(site.url + path);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(await page.locator('main script, main img[onerror], main svg[onload]').count()).toBe(0);
      // textContent, not innerText: a collapsed block (the report's verdict grid) is not laid out, and innerText
      // leaves out what was not laid out; the text is there all the same, for find-in-page and assistive technology.
      const text = (await page.locator('main').textContent()) ?? '';
      if (path === '' || path === 'properties/p1/') expect(text).toContain(HOSTILE.script);
      if (path === 'properties/p2/') expect(text).toContain(HOSTILE.img);
      if (path === 'properties/p8/') {
        expect(text).toContain(HOSTILE.js);
        expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      }
      if (path === 'properties/p9/') expect(text).toContain(HOSTILE.svg);
    });
  }

  test('a right-to-left override and control characters are shown visibly; our text after the string keeps its order', async ({
    page,
  }) => {
    await page.goto(site.url + 'properties/p6/');
    const html = await page.content();
    expect(html).not.toMatch(/[\u0000\u0007\u202E]/);
    const quote = page.locator('main q.aw', { hasText: 'first' }).first();
    await expect(quote.locator('bdi')).toHaveCount(1);
    await expect(quote.locator('.ctl')).toHaveText(['\\u202E', '\u2400', '\u2407']);
    expect(
      await quote
        .locator('.ctl')
        .first()
        .evaluate((e) => getComputedStyle(e).borderStyle),
    ).toBe('dashed');
    // Left to right on screen: the string's own words, then our tooltip after it (its citation included).
    await quote.hover();
    const order = await quote.evaluate((q) => {
      const x = (root: Element, word: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent!.indexOf(word);
          if (i < 0) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + word.length);
          const b = r.getBoundingClientRect();
          return [b.top, b.left] as const;
        }
        return [NaN, NaN] as const;
      };
      const tip = q.querySelector('.fig-p')!;
      return {
        first: x(q.querySelector('bdi')!, 'first'),
        last: x(q.querySelector('bdi')!, 'last'),
        end: x(q.querySelector('bdi')!, 'end'),
        the: x(tip, "audit's"),
        words: x(tip, 'words'),
        file: x(tip, 'results/normaliser.json'),
      };
    });
    // Reading order on screen: an earlier line, or the same line further left.
    const before = (a: readonly [number, number], b: readonly [number, number]) =>
      b[0] - a[0] > 2 || (Math.abs(a[0] - b[0]) <= 2 && a[1] < b[1]);
    expect(before(order.first, order.last), JSON.stringify(order)).toBe(true);
    // A raw override would draw what follows it right to left: "end" before "last".
    expect(before(order.last, order.end), JSON.stringify(order)).toBe(true);
    expect(before(order.the, order.words), JSON.stringify(order)).toBe(true);
    expect(before(order.words, order.file), JSON.stringify(order)).toBe(true);
  });
});
