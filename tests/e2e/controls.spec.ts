/**
 * Every control works by mouse, touch and keyboard: each test runs at 390 px with touch and at
 * 1280 px with a mouse, and presses the control the way that reader would.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { open } from './support.ts';

const MODES = [
  {
    name: '390 px touch',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    touch: true,
  },
  {
    name: '1280 px mouse',
    use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    touch: false,
  },
] as const;

/** Presses a control as the mode's reader would: a tap on a touch screen, a click with a mouse. */
async function press(control: Locator, touch: boolean): Promise<void> {
  if (touch) await control.tap();
  else await control.click();
}

/**
 * Where the element is within its table, rounded to the pixel: following a link scrolls the page,
 * and blocks rendered late above it may shift the whole table, but nothing within the table may move.
 */
async function box(control: Locator): Promise<{ x: number; y: number }> {
  return control.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const t = el.closest('table')!.getBoundingClientRect();
    return { x: Math.round(b.x - t.x), y: Math.round(b.y - t.y) };
  });
}

/** The page's width as scrolled, against the viewport's: wider means a sideways scroll. */
async function widths(page: Page): Promise<{ scroll: number; inner: number }> {
  return page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: innerWidth }));
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use(mode.use);

    test('a row link changes the address when pressed, and pressing it moves nothing', async ({ page }, info) => {
      const { errors } = await open(page, info, '');
      // The report's verdict grid is collapsed: opened by its summary, the way a reader opens it.
      await press(page.locator('details:has(#table-verdicts) > summary'), mode.touch);
      for (const [path, table] of [
        ['', 'table-verdicts'],
        ['properties/p1/', 'table-headline-swe-bench'],
      ] as const) {
        if (path) await page.goto(path);
        const row = page.locator(`#${table} tbody tr`).first();
        const id = (await row.getAttribute('id'))!;
        const link = row.locator('a.row-anchor');
        await link.scrollIntoViewIfNeeded();
        const before = await box(link);
        if (!mode.touch) {
          // Between the button going down (which focuses the link) and coming up, the link must stay where it was.
          await link.hover();
          await page.mouse.down();
          expect(await box(link), `${id}: the link moved while pressed`).toEqual(before);
          await page.mouse.up();
        } else {
          await press(link, mode.touch);
        }
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        expect(await box(link), `${id}: the link moved after the press`).toEqual(before);
      }
      expect(errors).toEqual([]);
    });

    test('a row link changes the address by keyboard, and its row shows every cell pointer', async ({ page }, info) => {
      await open(page, info, 'properties/p1/');
      const row = page.locator('#table-headline-swe-bench tbody tr').nth(1);
      const id = (await row.getAttribute('id'))!;
      // Reach the link by Tab from the element before it, as a keyboard reader does.
      await row
        .locator('th > span')
        .first()
        .evaluate((el) => {
          el.setAttribute('tabindex', '-1');
          el.focus();
        });
      await page.keyboard.press('Tab');
      await expect(row.locator('a.row-anchor')).toBeFocused();
      const shown = await row
        .locator('.compact[data-pointer]')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el, '::after').display !== 'none'));
      expect(shown.length).toBeGreaterThan(2);
      expect(shown.every(Boolean)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      expect(await widths(page).then((w) => w.scroll <= w.inner)).toBe(true);
    });

    test("a collapsed block opens by a press and by keyboard: the report's verdict grid and a citation's BibTeX", async ({
      page,
    }, info) => {
      const { errors } = await open(page, info, '');
      for (const selector of ['details:has(#table-verdicts)', '.cite-this details']) {
        const block = page.locator(selector).first();
        const summary = block.locator('> summary');
        const isOpen = () => block.evaluate((d) => (d as HTMLDetailsElement).open);
        expect(await isOpen(), selector).toBe(false);
        await press(summary, mode.touch);
        await expect.poll(isOpen, `${selector}: opened by a press`).toBe(true);
        await press(summary, mode.touch);
        await expect.poll(isOpen, `${selector}: closed by a second press`).toBe(false);
        await summary.focus();
        await page.keyboard.press('Enter');
        await expect.poll(isOpen, `${selector}: opened by Enter`).toBe(true);
        await page.keyboard.press('Space');
        await expect.poll(isOpen, `${selector}: closed by Space`).toBe(false);
      }
      expect(errors).toEqual([]);
    });

    test('the theme chosen is kept on the next page, and on a reload', async ({ page }, info) => {
      await page.emulateMedia({ colorScheme: 'light' });
      const { errors } = await open(page, info, '');
      const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await bg();
      await press(page.locator('label[for="theme-dark"]'), mode.touch);
      await expect.poll(bg).not.toBe(light);
      const dark = await bg();
      await page.goto('method/');
      await expect(page.locator('#theme-dark')).toBeChecked();
      expect(await bg()).toBe(dark);
      // By keyboard: the radios move with the arrow keys; back to auto, which the next page keeps too.
      await page.locator('#theme-dark').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(page.locator('#theme-auto')).toBeChecked();
      await page.reload();
      await expect(page.locator('#theme-auto')).toBeChecked();
      expect(await bg()).toBe(light);
      expect(errors).toEqual([]);
    });

    test('a citation format is copied by its button, pressed or by the keyboard, and says so', async ({
      page,
      context,
    }, info) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const { errors } = await open(page, info, 'properties/p3/');
      await press(page.locator('.cite-this details > summary'), mode.touch);
      for (const [format, key] of [
        ['bibtex', undefined],
        ['ris', 'Enter'],
        ['csl', 'Space'],
      ] as const) {
        const button = page.locator(`button[data-copy="cite-${format}"]`);
        const copied = button.locator('xpath=following-sibling::*[@role="status"][1]/*');
        await expect(copied).toBeHidden();
        if (key) {
          await button.focus();
          await page.keyboard.press(key);
        } else await press(button, mode.touch);
        await expect(copied).toBeVisible();
        const shown = await page.locator(`#cite-${format}`).textContent();
        expect(shown!.length).toBeGreaterThan(200);
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), format).toBe(shown);
      }
      expect(errors).toEqual([]);
    });
  });
}

/** Every prose figure's tooltip, shown by focus one after another: where it falls against the viewport, and the page's width meanwhile. */
async function tooltipBounds(page: Page): Promise<{ count: number; outside: string[]; widest: number }> {
  return page.evaluate(() => {
    const outside: string[] = [];
    let widest = 0;
    const figs = [...document.querySelectorAll<HTMLElement>(':is(.fig, .aw, .ident)[tabindex]')].filter((f) =>
      f.querySelector(':scope > .fig-p'),
    );
    for (const f of figs) {
      f.focus();
      const tip = f.querySelector<HTMLElement>(':scope > .fig-p')!;
      const r = tip.getBoundingClientRect();
      widest = Math.max(widest, document.scrollingElement!.scrollWidth);
      if (r.width === 0) continue; // inside a closed block: not shown
      if (r.left < 0 || r.right > innerWidth)
        outside.push(`"${f.textContent!.slice(0, 20)}" tooltip at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { count: figs.length, outside, widest };
  });
}

for (const path of ['', 'properties/p5/', 'method/']) {
  test(`/${path}: every figure's tooltip opens inside the viewport and never widens the page, at 320, 390 and 1280 px`, async ({
    page,
  }, info) => {
    await open(page, info, path);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const { count, outside, widest } = await tooltipBounds(page);
      expect(count).toBeGreaterThan(5);
      expect(outside, `at ${width} px`).toEqual([]);
      expect(widest, `page width at ${width} px`).toBeLessThanOrEqual(width);
    }
  });
}

/** A prose figure near the right edge of its line, where a tooltip hung from the figure would run off the screen. */
async function rightmostFigure(page: Page): Promise<Locator> {
  const index = await page.locator('main p .fig[tabindex]').evaluateAll((els) => {
    let best = 0;
    let right = -1;
    els.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > right && r.top > 0) [best, right] = [i, r.right];
    });
    return best;
  });
  return page.locator('main p .fig[tabindex]').nth(index);
}

test.describe('390 px touch: tooltips', () => {
  test.use(MODES[0].use);
  test('a tap opens a figure tooltip inside the screen; a second tap closes it, a third opens it again', async ({
    page,
  }, info) => {
    const { errors } = await open(page, info, '');
    const fig = await rightmostFigure(page);
    const tip = fig.locator('> .fig-p');
    await fig.tap();
    await expect(tip).toBeVisible();
    const r = (await tip.boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(390);
    expect((await widths(page)).scroll).toBeLessThanOrEqual(390);
    await fig.tap();
    await expect(tip).toBeHidden();
    await fig.tap();
    await expect(tip).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a tapped table cell shows its pointer inside its card, not past the screen', async ({ page }, info) => {
    await open(page, info, 'properties/p1/');
    const cell = page.locator('#table-headline-swe-bench tbody tr').first().locator('td.compact[data-pointer]').last();
    const after = () =>
      cell.evaluate((el) => {
        const a = getComputedStyle(el, '::after');
        return { display: a.display, position: a.position };
      });
    // On a loaded machine Chromium can read a slow tap as a long press, which gives no hover: tap again then.
    await expect(async () => {
      await cell.tap();
      expect((await after()).display).not.toBe('none');
    }).toPass({ timeout: 30_000 });
    expect((await after()).position).toBe('static');
    expect((await widths(page)).scroll).toBeLessThanOrEqual(390);
  });

  test('the search results page is no wider than the screen', async ({ page }, info) => {
    await open(page, info, 'search/');
    // Queries whose excerpts hold long pointers, file names and commits.
    for (const query of ['normaliser', 'adversarial.json', 'commit', 'joint accuracy', 'span index digest']) {
      await page.locator('.pagefind-ui__search-input').fill(query);
      await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
      await page.waitForTimeout(300);
      const w = await widths(page);
      expect(w.scroll, `"${query}": the results page is ${w.scroll} px wide`).toBeLessThanOrEqual(w.inner);
    }
  });
});

test.describe('1280 px mouse: tooltips', () => {
  test.use(MODES[1].use);
  test('a tooltip stays while the pointer moves onto it, and Escape closes it', async ({ page }, info) => {
    const { errors } = await open(page, info, '');
    const fig = await rightmostFigure(page);
    const tip = fig.locator('> .fig-p');
    await fig.hover();
    await expect(tip).toBeVisible();
    // From the figure down onto the tooltip, in small steps: it must never disappear on the way.
    const f = (await fig.boundingBox())!;
    const t = (await tip.boundingBox())!;
    await page.mouse.move(f.x + f.width / 2, f.y + f.height / 2);
    for (let y = f.y + f.height / 2; y <= t.y + t.height / 2; y += 2) {
      await page.mouse.move(f.x + f.width / 2, y);
      expect(await tip.isVisible(), `hidden with the pointer at y=${y}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    // Back on the figure after leaving it, the tooltip shows again.
    await page.mouse.move(0, 0);
    await fig.hover();
    await expect(tip).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a keyboard-focused figure shows its tooltip, Escape closes it, the next figure shows its own', async ({
    page,
  }, info) => {
    await open(page, info, '');
    const figs = page.locator('main p .fig[tabindex]');
    await figs.first().focus();
    await expect(figs.first().locator('> .fig-p')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(figs.first().locator('> .fig-p')).toBeHidden();
    await expect(figs.first()).toBeFocused();
    await page.keyboard.press('Tab');
    const next = page.locator(':focus');
    if (await next.evaluate((el) => el.matches('.fig, .aw, .ident')))
      await expect(next.locator('> .fig-p')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('tip-off'))).toBe(false);
  });
});
