/**
 * Benchmark: /verify/'s check in Chromium on a phone profile (390 px, touch, CPU slowed 4x through
 * CDP's Emulation.setCPUThrottlingRate), from the button to data-verify-status, with the raw host
 * answered from memory (AUDIT_MIRROR, default ../shared/audit-mirror), so the time is the check's
 * after download. Beside it, from the same run: the same button-to-attribute path on an empty page
 * (the baseline), and the bytes /verify/ transfers: its script and the census, gzipped as served.
 * Prints figures; asserts nothing. Run after `npm run build`; BENCH_RUNS (default 5) runs each.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import { chromiumPath, serveDist } from './lighthouse-run.ts';
import { median } from './median.ts';

const dist = join(import.meta.dirname, '../../dist');
const mirror = resolve(process.env['AUDIT_MIRROR'] ?? join(import.meta.dirname, '../../../shared/audit-mirror'));
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const EMPTY = `<!doctype html><button id=b>go</button><p id=r></p>
<script>document.getElementById('b').onclick=()=>document.getElementById('r').dataset.verifyStatus='pass'</script>`;

const server = await serveDist(dist);
const executablePath = chromiumPath();
const browser = await chromium.launch(executablePath ? { executablePath } : {});
try {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  await context.route('https://raw.githubusercontent.com/**', (route) =>
    route.fulfill({
      body: readFileSync(join(mirror, ...new URL(route.request().url()).pathname.slice(1).split('/'))),
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  const timed = async (page: Page, open: () => Promise<unknown>): Promise<number> => {
    await open();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = Date.now();
    await page.locator('button').first().tap();
    await page.locator('[data-verify-status]').waitFor({ state: 'attached', timeout: 120_000 });
    const ms = Date.now() - start;
    await cdp.detach();
    return ms;
  };
  const check: number[] = [];
  const empty: number[] = [];
  let transferred = new Map<string, number>();
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    page.on('requestfinished', async (r) => {
      if (!r.url().startsWith(server.origin)) return;
      sizes.set(new URL(r.url()).pathname, (await r.sizes()).responseBodySize);
    });
    check.push(
      await timed(page, async () => {
        await page.goto(`${server.origin}/verify/`);
        await page.locator('#verify-run').waitFor();
      }),
    );
    if ((await page.locator('[data-verify-status]').getAttribute('data-verify-status')) !== 'pass')
      throw new Error('the check did not pass: the figures below would not be of a full check');
    transferred = sizes;
    await page.close();
    const blank = await context.newPage();
    empty.push(await timed(blank, () => blank.setContent(EMPTY)));
    await blank.close();
  }
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const script = [...transferred].filter(([p]) => p.endsWith('.js'));
  const census = transferred.get('/verify/figures.json') ?? 0;
  console.log(`/verify/ on a phone profile (390 px, touch, CPU 4x slower), median of ${runs} runs`);
  console.log(`  button to result, the whole check after download: ${median(check)} ms (runs: ${check.join(', ')})`);
  console.log(`  baseline, the same path on an empty page:          ${median(empty)} ms (runs: ${empty.join(', ')})`);
  console.log(`  script transferred (gzip): ${script.map(([p, n]) => `${p} ${kb(n)}`).join(', ')}`);
  console.log(`  census transferred (gzip): /verify/figures.json ${kb(census)}`);
} finally {
  await browser.close();
  await server.close();
}
