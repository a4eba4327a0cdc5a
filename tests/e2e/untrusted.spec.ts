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
    copy.set('results/adversarial.json', '/table_1', HOSTILE.svg);
    copy.set('results/pairing.json', '/runs/0/label', HOSTILE.js);
    copy.set('results/datacheck.json', '/table_5', HOSTILE.svg);
    copy.relock();
    box = sandbox();
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    expect(r.code, r.output.slice(-2000)).toBe(0);
    site = await serve(r.dist);
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
      const text = await page.locator('main').innerText();
      if (path === '' || path === 'properties/p1/') expect(text).toContain(HOSTILE.script);
      if (path === 'properties/p2/') expect(text).toContain(HOSTILE.img);
      if (path === 'properties/p8/') {
        expect(text).toContain(HOSTILE.js);
        expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      }
      if (path === 'properties/p9/') expect(text).toContain(HOSTILE.svg);
    });
  }
});
