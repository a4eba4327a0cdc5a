import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages } from './pages.ts';
import { formatFigure, type Kind } from '../../src/figures/format.ts';
import { resolvePointer } from '../../src/admission/pointer.ts';
import { LOCK, SHARED } from '../support/fixture.ts';

const PAGES = builtPages();
const PROPERTIES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'];

/** Opens a page, failing on any console error and recording any request that leaves the site. */
async function open(page: Page, path: string) {
  const errors: string[] = [];
  const outside: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const res = await page.goto(path);
  return { res, errors, outside };
}

test('the site has the report, nine property pages, the method page and a 404 page', () => {
  expect(PAGES).toEqual(expect.arrayContaining(['', 'method/', '404.html', ...PROPERTIES.map((p) => `properties/${p.toLowerCase()}/`)]));
});

for (const path of PAGES) {
  test(`/${path}: loads clean, stays on the site, and axe finds nothing`, async ({ page }) => {
    const { res, errors, outside } = await open(page, path);
    expect(res?.status()).toBe(200);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
  });

  test(`/${path}: every figure shows the formatted value at its pointer`, async ({ page }) => {
    await open(page, path);
    const figures = await page.$$eval('[data-fig][data-pointer]', (els) =>
      els.map((el) => ({
        kind: el.getAttribute('data-fig')!,
        file: el.getAttribute('data-file')!,
        pointer: el.getAttribute('data-pointer')!,
        value: el.getAttribute('data-value'),
        isKey: el.getAttribute('data-key') === 'true',
        // A figure's value is in .fig-v; words and identifiers are the element's first text node.
        shown: el.querySelector(':scope > .fig-v')?.textContent ?? el.firstChild?.textContent ?? '',
      })),
    );
    const read = (file: string) => JSON.parse(readFileSync(file === 'artifacts.lock.json' ? LOCK : join(SHARED, file), 'utf8'));
    for (const f of figures) {
      const leafValue = f.isKey ? decodeURIComponent(f.pointer.split('/').at(-1)!).replaceAll('~1', '/').replaceAll('~0', '~') : resolvePointer(read(f.file), f.pointer);
      if (f.isKey) expect(resolvePointer(read(f.file), f.pointer), `${f.file}#${f.pointer} exists`).not.toBeUndefined();
      if (f.kind === 'words' || f.kind === 'cite') {
        if (typeof leafValue === 'string') expect(f.shown, `${f.file}#${f.pointer}`).toBe(leafValue);
      } else if (f.kind === 'id') {
        expect(f.value, `${f.file}#${f.pointer}`).toBe(leafValue);
      } else {
        expect(typeof leafValue, `${f.file}#${f.pointer}`).toBe('number');
        expect(f.shown, `${f.file}#${f.pointer}`).toBe(formatFigure(leafValue as number, f.kind as Kind));
      }
    }
  });
}

test('every heading and every table has a stable id and a link to itself', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    const missing = await page.$$eval('main :is(h1, h2, h3, h4), main figure.table-figure', (els) =>
      els
        .filter((el) => !el.id || !el.querySelector(`a.anchor[href="#${CSS.escape(el.id)}"]`))
        .map((el) => `${el.tagName.toLowerCase()}#${el.id || '(none)'}: ${(el.textContent ?? '').trim().slice(0, 60)}`),
    );
    expect(missing, path).toEqual([]);
  }
});

test('every internal link and anchor resolves', async ({ page, request }) => {
  const base = new URL(test.info().project.use.baseURL!);
  const checked = new Map<string, Set<string>>();
  const idsOf = async (pathname: string) => {
    if (!checked.has(pathname)) {
      const res = await request.get(new URL(pathname, base).href);
      expect(res.status(), pathname).toBe(200);
      const html = await res.text();
      checked.set(pathname, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)));
    }
    return checked.get(pathname)!;
  };
  let links = 0;
  for (const path of PAGES) {
    await page.goto(path);
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== base.origin) continue;
      links++;
      const ids = await idsOf(url.pathname);
      if (url.hash) expect(ids.has(decodeURIComponent(url.hash.slice(1))), `${path} links to ${url.pathname}${url.hash}`).toBe(true);
    }
  }
  expect(links).toBeGreaterThan(50);
});

for (const name of PROPERTIES) {
  test(`the ${name} page shows its verdict, claim, magnitude and evidence`, async ({ page }) => {
    await open(page, `properties/${name.toLowerCase()}/`);
    const verdict = page.locator('#verdict .verdict');
    const file = await verdict.getAttribute('data-file');
    const artifact = JSON.parse(readFileSync(join(SHARED, file!), 'utf8'));
    const p = artifact.properties[name];
    await expect(verdict).toHaveText(p.verdict);
    await expect(page.locator('.verdict-hero q.aw').first()).toContainText(p.claim);
    await expect(page.locator('.verdict-hero q.aw').nth(1)).toContainText(p.magnitude);
    await expect(page.locator('#evidence ~ section.finding').first()).toBeVisible();
    expect(await page.locator('section.finding .fig, section.finding table').count()).toBeGreaterThan(0);
  });
}

test('a figure shows its provenance on keyboard focus', async ({ page }) => {
  await open(page, '');
  const fig = page.locator('#table-teaser .fig').first();
  await fig.focus();
  const tip = fig.locator('.fig-p');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('results/adversarial.json#/splits/');
});

test('every artifact figure says whether it was re-derived at build or taken as reported', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    // Inline figures say it in their tooltip; table cells through their table's note and a solid underline.
    const unmarked = await page.$$eval('.fig[data-source="artifact"]', (els) =>
      els
        .filter((el) =>
          el.classList.contains('compact')
            ? !el.closest('figure')?.querySelector(':scope > .prov-note')?.textContent?.includes('re-derived at build')
            : !/re-derived at build by |as reported by the audit/.test(el.querySelector('.fig-p')?.textContent ?? ''),
        )
        .map((el) => el.getAttribute('data-pointer')),
    );
    expect(unmarked, path).toEqual([]);
  }
});

test("the method page's figure census is what a browser counts on every page", async ({ page }) => {
  const counted = { total: 0, rederived: 0, reported: 0, computed: 0, lock: 0, paper: 0 };
  const numeric = ['score', 'f1', 'ratio', 'count', 'integer', 'percent', 'percent1', 'megabytes'];
  for (const path of PAGES) {
    await page.goto(path);
    const figs = await page.$$eval('[data-fig]:not([data-census])', (els) =>
      els.map((el) => ({ kind: el.getAttribute('data-fig')!, source: el.getAttribute('data-source'), rederived: el.hasAttribute('data-rederived') })),
    );
    for (const f of figs.filter((x) => numeric.includes(x.kind))) {
      counted.total++;
      if (f.source === 'artifact') f.rederived ? counted.rederived++ : counted.reported++;
      else if (f.source === 'derived') counted.computed++;
      else if (f.source === 'lock') counted.lock++;
      else if (f.source === 'paper') counted.paper++;
    }
  }
  await page.goto('method/');
  for (const [key, value] of Object.entries(counted)) {
    await expect(page.locator(`[data-census="${key}"] .fig-v`)).toHaveText(formatFigure(value, 'count'));
  }
  await expect(page.locator('[data-census="share"] .fig-v')).toHaveText(formatFigure(counted.rederived / counted.total, 'percent1'));
});

test('Table 5 marks exactly the cells where paper and tree disagree', async ({ page }) => {
  await open(page, '');
  const dc = JSON.parse(readFileSync(join(SHARED, 'results/datacheck.json'), 'utf8'));
  let expected = 0;
  for (const s of Object.values(dc.splits) as { here: Record<string, number>; paper: Record<string, number> }[]) {
    for (const k of Object.keys(s.here)) if (s.here[k] !== s.paper[k]) expected++;
  }
  await expect(page.locator('#table-5 td.flagged')).toHaveCount(expected);
});
