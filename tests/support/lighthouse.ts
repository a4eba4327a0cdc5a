/**
 * Lighthouse (pinned at 12.2.3: newer versions refuse this lock and Node), desktop preset, its
 * deterministic categories only, in the system's Chromium (CHROMIUM_PATH, else /usr/bin/chromium,
 * else chrome-launcher's own search). For tests/e2e/lighthouse.spec.ts.
 */
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

type Category = 'accessibility' | 'best-practices' | 'seo';
interface PageScores {
  readonly page: string;
  readonly scores: Partial<Record<Category, number>>;
  /** The failing audits of the categories asked for, by id. */
  readonly failing: string[];
}

export async function runLighthouse(
  origin: string,
  pages: readonly string[],
  categories: readonly Category[],
): Promise<PageScores[]> {
  const path = process.env['CHROMIUM_PATH'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
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
        desktopConfig,
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
