/** What the browser tests share: the pages from the sitemap, and a page opener that records errors and escapes. */
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** Paths under the base, read from the built sitemap, plus the 404 page (which no sitemap lists). */
export async function sitemapPages(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const res = await request.get(new URL('sitemap.xml', baseURL).href);
  expect(res.status()).toBe(200);
  const base = new URL(baseURL).pathname;
  const paths = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    new URL(m[1]!).pathname.slice(base.length),
  );
  return [...paths, '404.html'];
}

export interface Opened {
  readonly errors: string[];
  readonly outside: string[];
}

/** Opens a page, recording console errors and any request that leaves the site (which is refused). */
export async function open(page: Page, info: TestInfo, path: string): Promise<Opened> {
  const errors: string[] = [];
  const outside: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const origin = new URL(info.project.use.baseURL!).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  return { errors, outside };
}
