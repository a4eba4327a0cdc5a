/** Citing and linking, as a reviewer would: the revisions in the footer, a row link by mouse and keyboard, the citation block, the change history. */
import { expect, test } from '@playwright/test';
import { open } from './support.ts';

test('every row of a table has a link to itself, shown on hover and on keyboard focus, named by its row', async ({
  page,
}, info) => {
  await open(page, info, 'properties/p1/');
  const row = page.locator('#table-ceiling--gaia');
  await expect(row).toHaveCount(1);
  const link = row.locator('a.row-anchor');
  await expect(link).toHaveAccessibleName(/^Link to the row: GAIA$/);
  await expect(link).toHaveAttribute('href', '#table-ceiling--gaia');
  expect(await link.evaluate((a) => (a as HTMLAnchorElement).tabIndex)).toBe(0);
  const opacity = () => link.evaluate((a) => Number(getComputedStyle(a).opacity));
  if (info.project.name === 'desktop') {
    await page.mouse.move(0, 0);
    expect(await opacity()).toBe(0);
    await row.hover();
    await expect.poll(opacity).toBe(1);
  }
  await page.mouse.move(0, 0);
  await link.focus();
  await expect(link).toBeFocused();
  await expect.poll(opacity).toBe(1);
  await link.click();
  await expect(page).toHaveURL(/#table-ceiling--gaia$/);
  expect(await row.evaluate((r) => r.matches(':target'))).toBe(true);
  await expect(link).toBeInViewport();
});

test('the footer names the site commit and date and the audit revision; a property page offers its citation', async ({
  page,
}, info) => {
  await open(page, info, 'properties/p5/');
  const footer = page.locator('#revision');
  await expect(footer).toContainText(/ commit [0-9a-f]{12}/);
  await expect(footer).toContainText(/of \d{4}-\d{2}-\d{2}/);
  await expect(footer).toContainText(/artifact lock [0-9a-f]{12}/);
  await expect(footer).toContainText('results/normaliser.json at');
  await page.getByRole('link', { name: 'cite this', exact: true }).click();
  await expect(page.locator('#cite')).toBeInViewport();
  // Each format is behind one tap or click.
  for (const summary of await page.locator('.cite-this summary').all()) await summary.click();
  await expect(page.getByRole('region', { name: 'This citation as BibTeX' })).toContainText('@misc{');
  await expect(page.getByRole('region', { name: 'This citation as RIS' })).toContainText('TY  - DATA');
  await expect(page.getByRole('region', { name: 'This citation as CSL-JSON' })).toContainText('"citation-key"');
  await expect(page.locator('.cite-this')).not.toContainText(/audit revision/i);
  // A local build names no address a reader cannot open; a published one cites the permanent copy.
  if (process.env['SITE_URL'])
    await expect(page.getByRole('region', { name: 'This citation as BibTeX' })).toContainText(
      /r\/[0-9a-f]{12}\/properties\/p5\//,
    );
  else {
    await expect(page.locator('.cite-this')).toContainText('a local build, not published at any address');
    await expect(page.locator('.cite-this')).not.toContainText('localhost');
  }
  await expect(page.locator('#last-changed')).toContainText('Across audit revisions');
});

test('the change history page says when nothing has changed, or lists the records', async ({ page }, info) => {
  await open(page, info, 'changes/');
  await expect(page.locator('h1')).toContainText('What changed between audit revisions');
  await expect(page.locator('#no-changes, section.change-record').first()).toBeVisible();
});

test('without script each citation format is labelled, downloadable and selectable, and offers no copy button', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('properties/p3/');
  await page.locator('.cite-this details > summary').click();
  for (const [label, ext] of [
    ['BibTeX', 'bib'],
    ['RIS', 'ris'],
    ['CSL-JSON', 'csl.json'],
  ] as const) {
    const format = page.locator('.cite-format', { has: page.getByText(label, { exact: true }) });
    await expect(format.getByRole('link', { name: `Download .${ext}` })).toHaveAttribute(
      'href',
      new RegExp(`cite/p3\\.${ext.replace('.', '\\.')}$`),
    );
    await expect(format.getByRole('button')).toBeHidden();
    expect(await format.locator('pre').evaluate((p) => getComputedStyle(p).userSelect)).toBe('all');
  }
  await context.close();
});
