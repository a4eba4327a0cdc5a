import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, builtPages } from './pages.ts';
import { BUDGET_GZ, weigh } from '../../scripts/bench/weigh.ts';
import { open } from './support.ts';
import { formatFigure, type Kind } from '../../src/provenance/format.ts';
import { SHELL_SCRIPT } from '../../src/site/shell-script.ts';
import { resolvePointer } from '../../src/admission/pointer.ts';
import { LOCK, SHARED } from '../support/fixture.ts';

const PAGES = builtPages();
const PROPERTIES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'];

test('the site has the report, nine property pages, the method page and a 404 page', () => {
  expect(PAGES).toEqual(
    expect.arrayContaining(['', 'method/', '404.html', ...PROPERTIES.map((p) => `properties/${p.toLowerCase()}/`)]),
  );
});

for (const path of PAGES) {
  test(`/${path}: every figure shows the formatted value at its pointer`, async ({ page }) => {
    await open(page, test.info(), path);
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
    const read = (file: string) =>
      JSON.parse(readFileSync(file === 'artifacts.lock.json' ? LOCK : join(SHARED, file), 'utf8'));
    // Every page names at least the pinned commit in its footer: a page with none was not read.
    expect(figures.length, `/${path}: figures found`).toBeGreaterThan(0);
    for (const f of figures) {
      const leafValue = f.isKey
        ? decodeURIComponent(f.pointer.split('/').at(-1)!).replaceAll('~1', '/').replaceAll('~0', '~')
        : resolvePointer(read(f.file), f.pointer);
      if (f.isKey) expect(resolvePointer(read(f.file), f.pointer), `${f.file}#${f.pointer} exists`).not.toBeUndefined();
      if (f.kind === 'words' || f.kind === 'cite') {
        // Words are a string, or a list of strings shown quoted and spaced; anything else shown as words is an error.
        const expected =
          typeof leafValue === 'string'
            ? leafValue
            : Array.isArray(leafValue) && leafValue.every((x) => typeof x === 'string')
              ? leafValue.map((x) => JSON.stringify(x)).join(' ')
              : undefined;
        expect(expected, `${f.file}#${f.pointer} is shown as words: a string or a list of strings`).not.toBeUndefined();
        expect(f.shown, `${f.file}#${f.pointer}`).toBe(expected);
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
      if (url.hash)
        expect(ids.has(decodeURIComponent(url.hash.slice(1))), `${path} links to ${url.pathname}${url.hash}`).toBe(
          true,
        );
    }
  }
  expect(links).toBeGreaterThan(50);
});

for (const name of PROPERTIES) {
  test(`the ${name} page shows its verdict, claim, magnitude and evidence`, async ({ page }) => {
    await open(page, test.info(), `properties/${name.toLowerCase()}/`);
    const verdict = page.locator('#verdict .verdict');
    const file = await verdict.getAttribute('data-file');
    const artifact = JSON.parse(readFileSync(join(SHARED, file!), 'utf8'));
    const p = artifact.properties[name];
    await expect(verdict).toHaveText(p.verdict);
    await expect(page.locator('.verdict-hero q.aw[data-pointer$="/claim"]')).toContainText(p.claim);
    await expect(page.locator('.verdict-hero q.aw[data-pointer$="/magnitude"]')).toContainText(p.magnitude);
    await expect(page.locator('#evidence ~ section.finding').first()).toBeVisible();
    expect(await page.locator('section.finding .fig, section.finding table').count()).toBeGreaterThan(0);
  });
}

test('a figure shows its provenance on keyboard focus', async ({ page }) => {
  await open(page, test.info(), '');
  const fig = page.locator('#table-teaser .fig').first();
  await fig.focus();
  const tip = fig.locator('.fig-p');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('results/adversarial.json#/splits/');
});

test('a table cell shows its provenance on hover, and every cell of a row while the row link has keyboard focus', async ({
  page,
}) => {
  // The report summarises: the headline tables are on P1's page.
  await open(page, test.info(), 'properties/p1/');
  const row = page.locator('#table-headline-swe-bench tbody tr').first();
  const cells = row.locator('.compact[data-pointer]');
  expect(await cells.count()).toBeGreaterThan(2);
  // What a cell's ::after shows, if it shows at all: its file and JSON Pointer.
  const tips = () =>
    cells.evaluateAll((els) =>
      els.map((el) => {
        const after = getComputedStyle(el, '::after');
        return {
          shown: after.display !== 'none',
          content: after.content,
          file: el.getAttribute('data-file')!,
          pointer: el.getAttribute('data-pointer')!,
        };
      }),
    );
  expect((await tips()).filter((t) => t.shown)).toEqual([]);
  await cells.nth(2).hover();
  const hovered = (await tips())[2]!;
  expect(hovered.shown).toBe(true);
  expect(hovered.content).toContain(`${hovered.file}#${hovered.pointer}`);
  await page.mouse.move(0, 0);
  // Tab to the row's link: no cell needs a tab stop of its own.
  // By Tab, so the focus is keyboard focus (a click's focus shows no pointers: it would move the link).
  await row
    .locator('th > span')
    .first()
    .evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
  await page.keyboard.press('Tab');
  await expect(row.locator('a.row-anchor')).toBeFocused();
  for (const t of await tips()) {
    expect(t.shown, t.pointer).toBe(true);
    expect(t.content).toContain(`${t.file}#${t.pointer}`);
  }
  // Outside tables, a compact identifier sits in a link (the footer's file commits): tabbing to the link shows it.
  const link = page.locator('footer a:has(> .ident.compact[data-pointer])').first();
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const footer = await link.locator('> .ident.compact').evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    return {
      shown: after.display !== 'none',
      content: after.content,
      at: `${el.getAttribute('data-file')}#${el.getAttribute('data-pointer')}`,
    };
  });
  expect(footer.shown).toBe(true);
  expect(footer.content).toContain(footer.at);
});

test('every artifact figure says whether it was re-derived at build or taken as reported', async ({ page }) => {
  let seen = 0;
  for (const path of PAGES) {
    await page.goto(path);
    seen += await page.locator('.fig[data-source="artifact"]').count();
    // Inline figures say it in their tooltip; table cells in the note a tap, a click or the row link's focus shows.
    const unmarked = await page.$$eval('.fig[data-source="artifact"]', (els) =>
      els
        .filter(
          (el) =>
            !/re-derived at build by |as reported by the audit/.test(
              el.classList.contains('compact')
                ? getComputedStyle(el, '::after').content
                : (el.querySelector('.fig-p')?.textContent ?? ''),
            ),
        )
        .map((el) => el.getAttribute('data-pointer')),
    );
    expect(unmarked, path).toEqual([]);
  }
  expect(seen, 'artifact figures looked at').toBeGreaterThan(100);
});

test("the method page's figure census is what a browser counts on every page", async ({ page }) => {
  const counted = { total: 0, rederived: 0, reported: 0, computed: 0, lock: 0, paper: 0 };
  const numeric = ['score', 'f1', 'ratio', 'count', 'integer', 'percent', 'percent1', 'percent2', 'megabytes'];
  for (const path of PAGES) {
    await page.goto(path);
    const figs = await page.$$eval('[data-fig]:not([data-census])', (els) =>
      els.map((el) => ({
        kind: el.getAttribute('data-fig')!,
        source: el.getAttribute('data-source'),
        rederived: el.hasAttribute('data-rederived'),
      })),
    );
    for (const f of figs.filter((x) => numeric.includes(x.kind))) {
      counted.total++;
      if (f.source === 'artifact') counted[f.rederived ? 'rederived' : 'reported']++;
      else if (f.source === 'derived') counted.computed++;
      else if (f.source === 'lock') counted.lock++;
      else if (f.source === 'paper') counted.paper++;
    }
  }
  await page.goto('method/');
  for (const [key, value] of Object.entries(counted)) {
    await expect(page.locator(`[data-census="${key}"] .fig-v`)).toHaveText(formatFigure(value, 'count'));
  }
  await expect(page.locator('[data-census="share"] .fig-v')).toHaveText(
    formatFigure(counted.rederived / counted.total, 'percent1'),
  );
});

test('Table 5 marks exactly the cells where paper and tree disagree', async ({ page }) => {
  await open(page, test.info(), 'properties/p9/');
  const dc = JSON.parse(readFileSync(join(SHARED, 'results/datacheck.json'), 'utf8'));
  let expected = 0;
  for (const s of Object.values(dc.splits) as { here: Record<string, number>; paper: Record<string, number> }[]) {
    for (const k of Object.keys(s.here)) if (s.here[k] !== s.paper[k]) expected++;
  }
  await expect(page.locator('#table-5 td.flagged')).toHaveCount(expected);
});

test('every chart is present with a text alternative and its data tables on the page', async ({ page }) => {
  // The report draws none: it names each chart with a link to its property page.
  for (const [path, count] of [
    ['', 0],
    ['properties/p1/', 3],
    ['properties/p6/', 1],
    ['properties/p7/', 2],
    ['properties/p9/', 1],
  ] as const) {
    await page.goto(path);
    const charts = page.locator('figure.chart');
    await expect(charts).toHaveCount(count);
    for (const chart of await charts.all()) {
      const alt = await chart.locator('.chart-svg[role="img"]').getAttribute('aria-label');
      expect(alt?.length ?? 0, `${path}: a chart without a text alternative`).toBeGreaterThan(80);
      // One drawing for desktop widths, one for phones; exactly one is shown.
      await expect(chart.locator('.chart-svg svg')).toHaveCount(2);
      await expect(chart.locator('.chart-svg svg:visible')).toHaveCount(1);
      // The chart's in-page links to its tables (its image downloads are checked in previews.spec.ts).
      const links = await chart.locator('.chart-data a[href^="#"]').all();
      expect(links.length, `${path}: a chart that links no data table`).toBeGreaterThan(0);
      for (const link of links) {
        const target = (await link.getAttribute('href'))!.slice(1);
        await expect(page.locator(`[id="${target}"]`), `${path}: chart data table ${target}`).toHaveCount(1);
      }
    }
  }
});

test('every link is reachable by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of PAGES) {
    await page.goto(path);
    const visible = await page.$$eval(
      'a[href]',
      (as) => as.filter((a) => (a as HTMLElement).offsetParent !== null && !a.closest('details:not([open])')).length,
    );
    const summaries = await page.locator('summary').count();
    const reached = new Set<string>();
    let summariesReached = 0;
    for (let i = 0; i < visible * 3 + 400 && reached.size < visible; i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return null;
        if (el.tagName === 'SUMMARY') return 'summary';
        if (el.tagName !== 'A') return null;
        return [...document.querySelectorAll('a[href]')].indexOf(el).toString();
      });
      if (id === 'summary') summariesReached++;
      else if (id !== null) reached.add(id);
    }
    expect(reached.size, `/${path}: links reached by Tab`).toBe(visible);
    if (summaries > 0) expect(summariesReached, `/${path}: disclosure controls reached by Tab`).toBeGreaterThan(0);
  }
});

test('search finds a property by words from its claim', async ({ page }, info) => {
  const { errors, outside } = await open(page, info, 'search/');
  await page.locator('.pagefind-ui__search-input').fill('split sizes match');
  const first = page.locator('.pagefind-ui__result-link').first();
  // The first link lands on the section of P9's page that holds the words (the verdict, beside the claim).
  await expect(first).toHaveAttribute('href', /properties\/p9\/(#[a-z0-9-]+)?$/);
  expect(errors).toEqual([]);
  expect(outside).toEqual([]);
});

test('without script, the search page still lists every page', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL! });
  const page = await context.newPage();
  await page.goto('search/');
  await expect(page.locator('#all-pages + ul li a')).toHaveCount(12);
  await context.close();
});

test("only the search page and /verify/ carry script beyond the shell's one inline script (theme kept, tooltips dismissed); a JSON-LD data block is not one: it is never run", async ({
  request,
}) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    );
    expect(scripts.filter((s) => s === SHELL_SCRIPT).length, `/${path}: the shell's script`).toBe(1);
    if (path === 'search/' || path === 'verify/') expect(scripts.length).toBeGreaterThan(1);
    else expect(scripts.length, `/${path}`).toBe(1);
  }
  // A few hundred bytes, no more: the pages work without it.
  expect(Buffer.byteLength(SHELL_SCRIPT)).toBeLessThan(800);
});

test('every table downloads as CSV with its rows, and every property as a JSON packet', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const path of ['', 'method/', ...PROPERTIES.map((p) => `properties/${p.toLowerCase()}/`)]) {
    await page.goto(path);
    const links = await page.$$eval('a.csv', (as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).href))]);
    for (const link of links.filter((l) => !seen.has(l))) {
      seen.add(link);
      const res = await request.get(link);
      expect(res.status(), link).toBe(200);
      expect(res.headers()['content-type'] ?? '', link).toMatch(/csv/);
      const id = new URL(link).pathname
        .split('/')
        .pop()!
        .replace(/\.csv$/, '');
      const rows = await page.locator(`[id="${id}"] tbody tr`).count();
      const lines = (await res.text()).split('\r\n').filter((l) => l !== '');
      if (rows > 0) expect(lines.length, link).toBeGreaterThanOrEqual(rows + 1);
    }
  }
  expect(seen.size).toBeGreaterThanOrEqual(20);
  for (const p of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']) {
    const packet = await (await request.get(`properties/${p}/evidence.json`)).json();
    expect(packet.property).toBe(p.toUpperCase());
    expect(packet.leaves.length).toBeGreaterThan(2);
    expect(packet.files.every((f: { sha256: string }) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
    expect(packet.rederivations.length).toBeGreaterThan(0);
  }
});

test('the theme switch works without script', async ({ browser }, info) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: info.project.use.baseURL!,
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto('');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  await page.locator('label[for="theme-dark"]').click();
  await expect.poll(bg).not.toBe(light);
  await page.locator('label[for="theme-auto"]').click();
  await expect.poll(bg).toBe(light);
  await context.close();
});

test('every page weighs under the budget, gzipped, in all', () => {
  const over = weigh(DIST)
    .filter((w) => w.total >= BUDGET_GZ)
    .map((w) => `${w.page}: ${w.total} bytes`);
  expect(over).toEqual([]);
});

test('the lock the pages name as a source is served as the build read it, and the method page links it', async ({
  page,
  request,
}) => {
  await page.goto('method/');
  const link = page.locator('main a[href$="data/artifacts.lock.json"]');
  await expect(link).toHaveCount(1);
  const served = await request.get(new URL((await link.getAttribute('href'))!, page.url()).href);
  expect(served.ok()).toBe(true);
  expect(Buffer.from(await served.body()).equals(readFileSync(LOCK))).toBe(true);
});
