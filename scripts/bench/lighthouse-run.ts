/**
 * Lighthouse (pinned at 12.2.3: newer versions refuse this lock and Node), its deterministic
 * categories only, over the built site, served with gzip as GitHub Pages serves it, in the system's Chromium
 * (CHROMIUM_PATH, else /usr/bin/chromium, else chrome-launcher's own search).
 * Run by tests/e2e/lighthouse.spec.ts.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { TYPES } from '../lib/static-server.ts';

type Preset = 'mobile' | 'desktop';
type Category = 'accessibility' | 'best-practices' | 'seo';
interface PageScores {
  readonly page: string;
  readonly scores: Partial<Record<Category, number>>;
  /** The failing audits of the categories asked for, by id. */
  readonly failing: string[];
}

/** Serves dist/ on loopback, gzipped where the client accepts it, with a 404 page as a static host has. */
export async function serveDist(dist: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dist, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = existsSync(file);
    const body = readFileSync(found ? file : join(dist, '404.html'));
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && !file.endsWith('.wasm');
    res.writeHead(found ? 200 : 404, {
      'content-type': TYPES[extname(found ? file : '.html')] ?? 'application/octet-stream',
      'cache-control': 'max-age=600',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export const chromiumPath = () =>
  process.env['CHROMIUM_PATH'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export async function runLighthouse(
  origin: string,
  pages: readonly string[],
  preset: Preset,
  categories: readonly Category[],
): Promise<PageScores[]> {
  const path = chromiumPath();
  const chrome = await chromeLauncher.launch({
    ...(path ? { chromePath: path } : {}),
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const out: PageScores[] = [];
    for (const page of pages) {
      const result = await lighthouse(
        origin + page,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          // The screenshot of the whole page is for the report viewer only; without performance, no throttling either.
          disableFullPageScreenshot: true,
          throttlingMethod: 'provided',
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`lighthouse gave no result for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.message}`);
      const scores: Partial<Record<Category, number>> = {};
      const failing: string[] = [];
      for (const c of categories) {
        const cat = lhr.categories[c]!;
        scores[c] = Math.round((cat.score ?? 0) * 100);
        for (const ref of cat.auditRefs)
          if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) failing.push(`${c}/${ref.id}`);
      }
      out.push({ page, scores, failing });
    }
    return out;
  } finally {
    chrome.kill();
  }
}
