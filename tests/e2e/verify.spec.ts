/**
 * /verify/ in Chromium, with the raw host stood in for by the audit's files as `npm test` brought them
 * into this checkout (checked against the lock) at the host's paths: untouched files pass; a flipped
 * byte, a figure altered in the census and a rate limit are each named; no request needs a preflight.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const RAW = 'https://raw.githubusercontent.com/';
const SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-language', 'user-agent', 'referer', 'origin']);
const ARTIFACTS = [
  'index/spans.json',
  'results/adversarial.json',
  'results/datacheck.json',
  'results/normaliser.json',
  'results/catf1.json',
  'results/pairing.json',
] as const;

interface Host {
  /** Every request to the host: its method and the headers the page set. */
  readonly requests: { method: string; headers: Record<string, string> }[];
  readonly errors: string[];
}

/** `<owner>/<repository>/<commit>/<path>` answered with the checkout's own copy of `<path>`. */
const mirrored = (url: string) =>
  readFileSync(join(process.cwd(), ...new URL(url).pathname.slice(1).split('/').slice(3)));

/** Opens /verify/ with the host answering from the mirror, `alter` changing a file's bytes, or `status` refusing. */
async function openVerify(
  page: Page,
  options: { alter?: (path: string, bytes: Buffer) => Buffer; status?: number } = {},
): Promise<Host> {
  const host: Host = { requests: [], errors: [] };
  page.on('console', (m) => m.type() === 'error' && host.errors.push(m.text()));
  page.on('pageerror', (e) => host.errors.push(e.message));
  await page.route(`${RAW}**`, async (route) => {
    const request = route.request();
    host.requests.push({ method: request.method(), headers: request.headers() });
    if (options.status) return route.fulfill({ status: options.status, body: 'rate limited' });
    const url = request.url();
    const path = ARTIFACTS.find((p) => url.endsWith(`/${p}`)) ?? '';
    const bytes = mirrored(url);
    return route.fulfill({
      status: 200,
      body: options.alter ? options.alter(path, bytes) : bytes,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' },
    });
  });
  await page.goto('verify/');
  return host;
}

const result = (page: Page) => page.locator('[data-verify-status]');

test('untouched files pass, with no header that needs a preflight, and no console error', async ({ page }) => {
  const host = await openVerify(page);
  await page.getByRole('button', { name: 'Check every figure' }).click();
  await expect(result(page)).toHaveAttribute('data-verify-status', 'pass', { timeout: 60_000 });
  expect(host.requests.length).toBe(ARTIFACTS.length);
  for (const r of host.requests) {
    expect(r.method).toBe('GET');
    expect(Object.keys(r.headers).filter((h) => !SAFE_HEADERS.has(h) && !h.startsWith('sec-'))).toEqual([]);
  }
  await expect(page.locator('#p3 li').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the receipt (JSON)' }).click();
  const receipt = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { status: string };
  expect(receipt.status).toBe('pass');
  expect(host.errors).toEqual([]);
  // The receipt's hashes and pointers wrap: the page is never wider than the screen.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
});

test('a host that sends more than the locked bytes fails, naming the file and both sizes', async ({ page }) => {
  await openVerify(page, {
    alter: (path, bytes) =>
      path === 'results/pairing.json' ? Buffer.concat([bytes, Buffer.alloc(4_000_000, 32)]) : bytes,
  });
  await page.getByRole('button', { name: 'Check every figure' }).click();
  await expect(result(page)).toHaveAttribute('data-verify-status', 'fail', { timeout: 60_000 });
  await expect(result(page)).toContainText(/results\/pairing\.json .*expected 1542 bytes, found \d{7} bytes/);
});

for (const artifact of ARTIFACTS) {
  test(`one flipped byte in ${artifact} fails and names it`, async ({ page }) => {
    await openVerify(page, {
      alter: (path, bytes) => {
        if (path !== artifact) return bytes;
        const copy = Buffer.from(bytes);
        const at = Math.floor(copy.length / 2);
        copy[at] = copy[at]! ^ 1;
        return copy;
      },
    });
    await page.getByRole('button', { name: 'Check every figure' }).click();
    await expect(result(page)).toHaveAttribute('data-verify-status', 'fail', { timeout: 60_000 });
    await expect(result(page)).toContainText(artifact);
    await expect(result(page)).toContainText('sha256');
  });
}

test('a rate limit says so, and the six files dropped instead pass', async ({ page }) => {
  await openVerify(page, { status: 429 });
  await page.getByRole('button', { name: 'Check every figure' }).click();
  await expect(page.locator('#verify-progress')).toContainText('429');
  const lock = JSON.parse(readFileSync('artifacts.lock.json', 'utf8')) as {
    files: { path: string; repository: string; commit: string }[];
  };
  await page.locator('#verify-files').setInputFiles(
    lock.files.map((f) => ({
      name: f.path.split('/').at(-1)!,
      mimeType: 'application/json',
      buffer: mirrored(`${RAW}${f.repository}/${f.commit}/${f.path}`),
    })),
  );
  await expect(result(page)).toHaveAttribute('data-verify-status', 'pass', { timeout: 60_000 });
});

test('a figure whose shown value was altered in the census fails and names the page and pointer', async ({ page }) => {
  let altered = { page: '', pointer: '' };
  await page.route('**/verify/figures.json', async (route) => {
    const census = (await (await route.fetch()).json()) as {
      figures: { page: string; source: string; pointer?: string; shown: string }[];
    };
    const figure = census.figures.find((f) => f.page === 'properties/p3/' && f.source === 'artifact')!;
    figure.shown = `${figure.shown}9`;
    altered = { page: figure.page, pointer: figure.pointer! };
    return route.fulfill({ json: census });
  });
  await openVerify(page);
  await page.getByRole('button', { name: 'Check every figure' }).click();
  await expect(result(page)).toHaveAttribute('data-verify-status', 'fail', { timeout: 60_000 });
  await expect(result(page)).toContainText(altered.page);
  await expect(result(page)).toContainText(altered.pointer);
});

test.describe('390 px touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('a tap runs the check', async ({ page }) => {
    await openVerify(page);
    await page.getByRole('button', { name: 'Check every figure' }).tap();
    await expect(result(page)).toHaveAttribute('data-verify-status', 'pass', { timeout: 60_000 });
  });
});

test('the keyboard runs the check, and axe finds nothing before or after', async ({ page }) => {
  const host = await openVerify(page);
  const axe = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze())
      .violations;
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Check every figure' }).focus();
  await page.keyboard.press('Enter');
  await expect(result(page)).toHaveAttribute('data-verify-status', 'pass', { timeout: 60_000 });
  expect(await axe()).toEqual([]);
  expect(host.errors).toEqual([]);
});

test('only /verify/ may connect to the raw host, and only it loads a script file of its own', async ({
  page,
  request,
}, info) => {
  const listed = (await request.get('sitemap.xml').then((r) => r.text())).match(/<loc>[^<]+<\/loc>/g) ?? [];
  const base = new URL(info.project.use.baseURL!).pathname;
  const allowing: string[] = [];
  const modules: string[] = [];
  for (const loc of listed) {
    const path = new URL(loc.slice(5, -6)).pathname.slice(base.length);
    await page.goto(path);
    const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    if (/connect-src[^;]*raw\.githubusercontent\.com/.test(policy)) allowing.push(path);
    if ((await page.locator('script[type="module"][src]').count()) > 0) modules.push(path);
  }
  expect(allowing).toEqual(['verify/']);
  expect(modules).toEqual(['verify/']);
});
