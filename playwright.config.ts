import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Here Debian's Chromium (Playwright cannot download its own). On a machine with Playwright's
// own browsers (the GitHub runner) PLAYWRIGHT_BUNDLED_CHROMIUM=1 uses those; CHROMIUM_PATH picks any other.
const executablePath =
  process.env['CHROMIUM_PATH'] ??
  (process.env['PLAYWRIGHT_BUNDLED_CHROMIUM']
    ? undefined
    : existsSync('/usr/bin/chromium')
      ? '/usr/bin/chromium'
      : undefined);
const port = Number(process.env['PORT'] ?? 4321);
const base = (process.env['SITE_BASE'] ?? '/').replace(/\/?$/, '/');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Several tests walk every page; on two cores beside a concurrent build they need more than the default 30 s.
  timeout: 90_000,
  // Pagefind and axe answer slowly when the two cores are busy; a first result may take longer than 5 s.
  expect: { timeout: 15_000 },
  workers: 2,
  reporter: [['list']],
  forbidOnly: !!process.env['CI'],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Every page at desktop and phone widths; the checks that do not depend on width run on desktop only.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: /(pages|cite|verify)\.spec\.ts/,
    },
  ],
  webServer: {
    command: `npx astro preview --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}${base}`,
    // Always this checkout's own build: a server already on the port may be another checkout's.
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
