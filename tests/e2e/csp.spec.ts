/** The Content-Security-Policy: every page renders under it with no violation, and it does block what it should. */
import { expect, test, type Page } from '@playwright/test';
import { sitemapPages } from './support.ts';

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective}: ${e.blockedURI || 'inline'}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('every page renders under the policy with no violation, search included', async ({ page, request }, info) => {
  const violations = await watchViolations(page);
  const problems: string[] = [];
  for (const path of await sitemapPages(request, info.project.use.baseURL!)) {
    await page.goto(path);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy, path).toContain("default-src 'none'");
    if (path === 'search/') {
      await page.locator('.pagefind-ui__search-input').fill('normaliser');
      await expect(page.locator('.pagefind-ui__result-link').first()).toBeVisible();
    }
    for (const v of await violations()) problems.push(`/${path}: ${v}`);
  }
  expect(problems).toEqual([]);
});

test('the policy blocks an inline script it has no hash for', async ({ page }) => {
  // The method page as built, with one inline script added that the policy holds no hash for.
  await page.route('**/method/', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</main>', '<script>window.__ran = true</script></main>');
    await route.fulfill({ response, body });
  });
  const violations = await watchViolations(page);
  await page.goto('method/');
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  expect(await violations()).toContainEqual(expect.stringMatching(/^script-src/));
});
