/** Benchmark: each page's bytes (HTML, CSS, JS, inline SVG; raw and gzip), and cold build time against a bare Astro site's. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditMirror } from '../../src/admission/paths.ts';
import { ARTIFACT_PATHS } from '../../src/admission/schemas.ts';
import { BUDGET_GZ, weigh, type Weight } from './weigh.ts';

const VERIFY_SCRIPT_GZ = 100 * 1024;
import { SHELL_SCRIPT } from '../../src/site/shell-script.ts';
import { TOOL_CACHES } from '../lib/tool-caches.ts';

const root = join(import.meta.dirname, '../..');
// A sandbox build brings the artifacts in from the same mirror as the checkout.
const mirror = auditMirror(process.env, root) ?? '';

function timed(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The median of the runs (the upper middle one for an even count). */
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const pair = ([raw, gz]: [number, number]) => `${kb(raw).padStart(7)} ${kb(gz).padStart(6)}`;

function table(title: string, rows: Weight[]) {
  console.log(`\n${title} (KB: raw, gzip; SVG is inline, part of the HTML)`);
  console.log(
    `${'page'.padEnd(24)} ${'HTML'.padStart(14)} ${'CSS'.padStart(14)} ${'JS'.padStart(14)} ${'SVG'.padStart(14)}   total gzip  budget`,
  );
  for (const r of rows.sort((a, b) => a.page.localeCompare(b.page))) {
    // JSON-LD data blocks are not counted as script; the shell's one inline script is allowed on every page.
    // /verify/ loads its own module: under 100 KB of script gzip (issue #36), and no page budget beyond that.
    const ok =
      r.page === '/verify/'
        ? r.js[1] < VERIFY_SCRIPT_GZ
        : r.total < BUDGET_GZ && (r.js[0] <= Buffer.byteLength(SHELL_SCRIPT) || r.page === '/search/');
    console.log(
      `${r.page.padEnd(24)} ${pair(r.html)} ${pair(r.css)} ${pair(r.js)} ${pair(r.svg)}   ${kb(r.total).padStart(9)}  ${ok ? 'ok' : 'OVER'}`,
    );
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'trail-bench-'));
try {
  // Both builds cold, as CI and the Pages deploy run them: this site from a fresh clone of HEAD
  // (its artifacts brought in by the build), a bare one-page Astro site beside it, each with its own
  // node_modules (hard links to the installed packages) and with Vite's and Astro's caches, the
  // output and, for the site, the artifacts removed before every run. Alternated; medians compared.
  const runs = Number(process.env['BENCH_RUNS'] ?? 5);
  const packages = (dir: string) => execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  const coldStart = (dir: string, extra: readonly string[]) => {
    for (const p of [...TOOL_CACHES.map((c) => `node_modules/${c}`), '.astro', 'dist', ...extra])
      rmSync(join(dir, p), { recursive: true, force: true });
  };
  const site = join(tmp, 'site');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, site]);
  packages(site);
  const bare = join(tmp, 'bare');
  mkdirSync(join(bare, 'src/pages'), { recursive: true });
  packages(bare);
  for (const [file, text] of [
    ['package.json', JSON.stringify({ type: 'module', scripts: { build: 'astro build' } })],
    ['astro.config.mjs', "import { defineConfig } from 'astro/config';\nexport default defineConfig({});"],
    [
      'src/pages/index.astro',
      '<html lang="en"><head><title>Bare</title></head><body><h1>Bare</h1><p>One page.</p></body></html>',
    ],
  ] as const)
    writeFileSync(join(bare, file), `${text}\n`);
  const siteTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    coldStart(site, ARTIFACT_PATHS);
    siteTimes.push(timed('npm', ['run', 'build', '--silent'], site, { AUDIT_MIRROR: mirror }));
    coldStart(bare, []);
    bareTimes.push(timed('npm', ['run', 'build', '--silent'], bare));
  }
  const siteTime = median(siteTimes);
  const bareTime = median(bareTimes);

  table(`This site, built cold in ${siteTime.toFixed(2)} s (median of ${runs})`, weigh(join(site, 'dist')));
  table(
    `A bare one-page Astro site, built cold in ${bareTime.toFixed(2)} s (median of ${runs})`,
    weigh(join(bare, 'dist')),
  );
  console.log(
    `\nCold build times, s: this site ${siteTimes.map((t) => t.toFixed(2)).join(', ')}; bare ${bareTimes.map((t) => t.toFixed(2)).join(', ')}`,
  );
  console.log(
    `Build ratio: ${(siteTime / bareTime).toFixed(2)} times a bare one-page Astro build, both cold, both by \`npm run build\` (target: 3 times)`,
  );

  console.log(
    `\nBudgets: no script on any page but /search/ and /verify/ beyond the shell's one inline script (${Buffer.byteLength(SHELL_SCRIPT)} bytes); under ${BUDGET_GZ / 1024} KB gzip per page in all, /verify/ aside, whose script is under ${VERIFY_SCRIPT_GZ / 1024} KB gzip`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
