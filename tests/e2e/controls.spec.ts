/**
 * Every control works by mouse, touch and keyboard: each test runs at 390 px with touch and at
 * 1280 px with a mouse, and presses the control the way that reader would.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { open } from './support.ts';

const MODES = [
  { name: '390 px touch', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, touch: true },
  { name: '1280 px mouse', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false }, touch: false },
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
      for (const table of ['table-headline-swe-bench', 'table-verdicts']) {
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
      await open(page, info, '');
      const row = page.locator('#table-headline-swe-bench tbody tr').nth(1);
      const id = (await row.getAttribute('id'))!;
      // Reach the link by Tab from the element before it, as a keyboard reader does.
      await row.locator('th > span').first().evaluate((el) => {
        el.setAttribute('tabindex', '-1');
        el.focus();
      });
      await page.keyboard.press('Tab');
      await expect(row.locator('a.row-anchor')).toBeFocused();
      const shown = await row.locator('.compact[data-pointer]').evaluateAll((els) => els.map((el) => getComputedStyle(el, '::after').display !== 'none'));
      expect(shown.length).toBeGreaterThan(2);
      expect(shown.every(Boolean)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      expect(await widths(page).then((w) => w.scroll <= w.inner)).toBe(true);
    });
  });
}
