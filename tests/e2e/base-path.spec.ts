/**
 * The site built under a base path, as a GitHub project page is served: crawled from
 * its home page, every page, asset, link and anchor must resolve.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT } from '../support/fixture.ts';
import { serve } from '../support/static-server.ts';

const BASE = '/trail-scorer-audit/';

test.describe('a build under a base path', () => {
  test.describe.configure({ mode: 'serial' });
  let out: string;
  let site: { url: string; close: () => Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Inside the project (.tmp/ is git-ignored): the build refuses an output folder outside it (src/site/out-dir.ts).
    mkdirSync(join(PROJECT, '.tmp'), { recursive: true });
    out = mkdtempSync(join(PROJECT, '.tmp', 'site-base-'));
    const r = spawnSync('npm', ['run', 'build', '--silent', '--', '--outDir', out], {
      cwd: PROJECT,
      encoding: 'utf8',
      env: {
        ...process.env,
        SITE_BASE: BASE,
        SITE_URL: 'https://example.github.io',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    });
    expect(r.status, `${r.stdout.slice(-1500)}\n${r.stderr.slice(-1500)}`).toBe(0);
    site = await serve(out, BASE);
  });
  test.afterAll(async () => {
    await site?.close();
    rmSync(out, { recursive: true, force: true });
  });

  test('crawled from the home page, every page, asset, link and anchor resolves', async ({ page }) => {
    test.setTimeout(180_000);
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && failed.push(`console: ${m.text()}`));
    const origin = new URL(site.url).origin;
    const queue = [site.url];
    const seen = new Set<string>();
    const anchors: [string, string][] = [];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      // Downloads (CSV, JSON packets, citations, chart images) are fetched, not visited.
      if (/\.(csv|json|xml|txt|bib|ris|svg|png)$/.test(new URL(url).pathname)) {
        expect((await page.request.get(url)).status(), url).toBe(200);
        continue;
      }
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      for (const href of await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href))) {
        const u = new URL(href);
        if (u.origin !== origin) continue;
        expect(u.pathname.startsWith(BASE), `${url} links outside the base path: ${href}`).toBe(true);
        if (u.hash) anchors.push([u.origin + u.pathname, decodeURIComponent(u.hash.slice(1))]);
        u.hash = '';
        if (!seen.has(u.href)) queue.push(u.href);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
    // Every anchor, checked in one visit to its page (row links add hundreds of them).
    const idsByPage = new Map<string, Set<string>>();
    for (const [pageUrl, id] of anchors)
      if (pageUrl.endsWith('/')) idsByPage.set(pageUrl, (idsByPage.get(pageUrl) ?? new Set()).add(id));
    for (const [pageUrl, ids] of idsByPage) {
      await page.goto(pageUrl);
      const counts = await page.evaluate(
        (want) => want.map((id) => document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length),
        [...ids],
      );
      const bad = [...ids].filter((_, i) => counts[i] !== 1).map((id) => `${pageUrl}#${id}`);
      expect(bad, 'anchors that do not name exactly one element').toEqual([]);
    }
    expect(failed).toEqual([]);
  });
});
