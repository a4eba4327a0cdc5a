/** Every page in the sitemap, at this project's width, in both themes: clean, self-contained, accessible. */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { open, sitemapPages } from './support.ts';

test('every page loads clean and passes axe in both themes', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const pages = await sitemapPages(request, info.project.use.baseURL!);
  expect(pages.length).toBeGreaterThanOrEqual(13);
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of pages) {
      const { errors, outside } = await open(page, info, path);
      if (path === 'search/') await page.locator('.pagefind-ui__search-input').waitFor();
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      for (const v of axe.violations) problems.push(`${scheme} /${path}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      for (const e of errors) problems.push(`${scheme} /${path}: console error: ${e}`);
      for (const u of outside) problems.push(`${scheme} /${path}: request left the site: ${u}`);
      const name = `${info.project.name}-${scheme}-${path.replace(/[^a-z0-9]+/gi, '-') || 'home'}.png`;
      await page.screenshot({ path: info.outputPath(name), fullPage: false });
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }
  expect(problems).toEqual([]);
});

test('no page scrolls sideways at this width', async ({ page, request }, info) => {
  const pages = await sitemapPages(request, info.project.use.baseURL!);
  for (const path of pages) {
    await page.goto(path);
    const { overflow, culprits } = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const culprits: string[] = [];
      for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (r.right <= w + 1 || r.width === 0) continue;
        let clipped = false;
        for (let a = e.parentElement; a && !clipped; a = a.parentElement) clipped = ['auto', 'hidden', 'scroll'].includes(getComputedStyle(a).overflowX);
        if (!clipped) culprits.push(`${e.tagName.toLowerCase()}.${e.className} ends at ${Math.round(r.right)}`);
      }
      return { overflow: document.documentElement.scrollWidth - w, culprits: culprits.slice(0, 5) };
    });
    expect(overflow, `/${path} is ${overflow}px wider than the viewport: ${culprits.join('; ')}`).toBeLessThanOrEqual(1);
  }
});
