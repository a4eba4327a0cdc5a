/**
 * Benchmark: /verify/'s check on a phone profile (390 px, touch, CPU 4x slower through CDP), from the button to
 * data-verify-status, with the raw host answered from memory (AUDIT_MIRROR, default ../shared/audit-mirror), so the
 * time is the check's after download; beside it, from the same run, the same path on an empty page, and the gzipped
 * bytes of the page's script and census. Prints figures; asserts nothing. Run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Page } from '@playwright/test';
import { serve } from '../lib/static-server.ts';

const dist = join(import.meta.dirname, '../../dist');
const mirror = resolve(process.env['AUDIT_MIRROR'] ?? join(import.meta.dirname, '../../../shared/audit-mirror'));
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const EMPTY = `<!doctype html><button id=b>go</button><p id=r></p>
<script>document.getElementById('b').onclick=()=>document.getElementById('r').dataset.verifyStatus='pass'</script>`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gzipKb = (path: string) =>
  `${(gzipSync(readFileSync(join(dist, path)), { level: 9 }).length / 1000).toFixed(1)} KB`;

const server = await serve(dist);
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
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
    const start = performance.now();
    await page.locator('button').first().tap();
    await page.locator('[data-verify-status]').waitFor({ state: 'attached', timeout: 120_000 });
    const ms = Math.round(performance.now() - start);
    await cdp.detach();
    return ms;
  };
  const check: number[] = [];
  const empty: number[] = [];
  const scripts = new Set<string>();
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    page.on('request', (r) => r.url().endsWith('.js') && scripts.add(new URL(r.url()).pathname));
    check.push(
      await timed(page, () => page.goto(`${server.url}verify/`).then(() => page.locator('#verify-run').waitFor())),
    );
    if ((await page.locator('[data-verify-status]').getAttribute('data-verify-status')) !== 'pass')
      throw new Error('the check did not pass: the figures below would not be of a full check');
    await page.close();
    const blank = await context.newPage();
    empty.push(await timed(blank, () => blank.setContent(EMPTY)));
    await blank.close();
  }
  console.log(`/verify/ on a phone profile (390 px, touch, CPU 4x slower), median of ${runs} runs`);
  console.log(`  button to result, the whole check after download: ${median(check)} ms (runs: ${check.join(', ')})`);
  console.log(`  baseline, the same path on an empty page:          ${median(empty)} ms (runs: ${empty.join(', ')})`);
  console.log(`  script (gzip): ${[...scripts].map((p) => `${p} ${gzipKb(p)}`).join(', ')}`);
  console.log(`  census (gzip): /verify/figures.json ${gzipKb('verify/figures.json')}`);
} finally {
  await browser.close();
  await server.close();
}
