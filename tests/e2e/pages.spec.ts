/** Every page in the sitemap, at this project's width, in both themes: clean, self-contained, accessible. */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { open, sitemapPages } from './support.ts';
import { builtPages } from './pages.ts';

// One test per page and theme, so each has its own time limit and the two workers share the pages.
for (const path of builtPages()) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`/${path} loads clean and passes axe in the ${scheme} theme`, async ({ page }, info) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { errors, outside } = await open(page, info, path);
      if (path === 'search/') await page.locator('.pagefind-ui__search-input').waitFor();
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const problems = [
        ...axe.violations.map(
          (v) =>
            `axe ${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
        ...errors.map((e) => `console error: ${e}`),
        ...outside.map((u) => `request left the site: ${u}`),
      ];
      await page.screenshot({
        path: info.outputPath(`${info.project.name}-${scheme}-${path.replace(/[^a-z0-9]+/gi, '-') || 'home'}.png`),
      });
      expect(problems).toEqual([]);
    });
  }
}

test('the sitemap lists every built page', async ({ request }, info) => {
  const listed = await sitemapPages(request, info.project.use.baseURL!);
  expect(listed.length).toBeGreaterThanOrEqual(13);
  expect(new Set(listed)).toEqual(new Set(builtPages()));
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
        for (let a = e.parentElement; a && !clipped; a = a.parentElement)
          clipped = ['auto', 'hidden', 'scroll'].includes(getComputedStyle(a).overflowX);
        if (!clipped) culprits.push(`${e.tagName.toLowerCase()}.${e.className} ends at ${Math.round(r.right)}`);
      }
      return { overflow: document.documentElement.scrollWidth - w, culprits: culprits.slice(0, 5) };
    });
    expect(overflow, `/${path} is ${overflow}px wider than the viewport: ${culprits.join('; ')}`).toBeLessThanOrEqual(
      1,
    );
  }
});
