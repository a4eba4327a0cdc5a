/**
 * Benchmark: the built site's weight and build time. Prints, per page, the bytes of
 * HTML, CSS, JS and inline SVG, raw and gzipped; the same for a bare one-page Astro
 * site built in the same run; and the build time as the span index grows (synthetic
 * copies, lock rewritten in the copy). Budgets are printed beside the figures.
 * A script, not a timed test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditCopy } from '../../src/admission/paths.ts';
import { writeSyntheticCopy } from './synthetic-index.ts';
import { BUDGET_GZ, weigh, type Weight } from './weigh.ts';
import { median } from './median.ts';
import { ASTRO_NODE_FLAGS } from '../build.ts';

const root = join(import.meta.dirname, '../..');
const shared = auditCopy(root);
const factors = (process.env['BENCH_FACTORS'] ?? '1,10,100').split(',').map(Number);

function timed(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const pair = ([raw, gz]: [number, number]) => `${kb(raw).padStart(7)} ${kb(gz).padStart(6)}`;

function table(title: string, rows: Weight[]) {
  console.log(`\n${title} (KB: raw, gzip; SVG is inline, part of the HTML)`);
  console.log(`${'page'.padEnd(24)} ${'HTML'.padStart(14)} ${'CSS'.padStart(14)} ${'JS'.padStart(14)} ${'SVG'.padStart(14)}   total gzip  budget`);
  for (const r of rows.sort((a, b) => a.page.localeCompare(b.page))) {
    const ok = r.total < BUDGET_GZ && (r.js[0] === 0 || r.page === '/search/');
    console.log(`${r.page.padEnd(24)} ${pair(r.html)} ${pair(r.css)} ${pair(r.js)} ${pair(r.svg)}   ${kb(r.total).padStart(9)}  ${ok ? 'ok' : 'OVER'}`);
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'trail-bench-'));
try {
  // The site as it is, and a bare one-page Astro site built with the same Astro,
  // alternately in the same run; the medians are compared (the goal: within 2 times).
  // Each is built the way its user would build it, `npm run build`. The bare site
  // links each installed package but keeps its own node_modules/.vite: sharing one
  // (a symlinked node_modules) made every build invalidate the other's dependency
  // cache, which cost the site 0.5 to 1.2 s a run that no real build pays.
  const runs = Number(process.env['BENCH_RUNS'] ?? 3);
  const bare = join(tmp, 'bare');
  mkdirSync(join(bare, 'src/pages'), { recursive: true });
  mkdirSync(join(bare, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '.vite' && entry !== '.cache' && entry !== '.astro') symlinkSync(join(root, 'node_modules', entry), join(bare, 'node_modules', entry), 'dir');
  }
  // Also built with the Node flags our build gives Astro (scripts/build.ts), for a second, like-for-like ratio.
  const flagged = `node ${ASTRO_NODE_FLAGS.join(' ')} node_modules/astro/bin/astro.mjs build`;
  writeFileSync(join(bare, 'package.json'), JSON.stringify({ type: 'module', scripts: { build: 'astro build', 'build-flagged': flagged } }) + '\n');
  writeFileSync(join(bare, 'astro.config.mjs'), "import { defineConfig } from 'astro/config';\nexport default defineConfig({});\n");
  writeFileSync(join(bare, 'src/pages/index.astro'), '<html lang="en"><head><title>Bare</title></head><body><h1>Bare</h1><p>One page.</p></body></html>\n');
  const siteOut = join(tmp, 'site');
  const buildSite = () => timed('npm', ['run', 'build', '--silent', '--', '--outDir', siteOut], root, { AUDIT_ARTIFACTS: shared });
  // A build with the site's own caches emptied (highlighted sources, chart drawings, Plot's prebundle, the prose check's pass; each is rebuilt),
  // as after a change to every source or a fresh install. Node's compile cache and Vite's are kept.
  for (const cache of ['highlight', 'charts', 'plot-bundle', 'prose-check']) rmSync(join(root, 'node_modules/.cache', cache), { recursive: true, force: true });
  const cold = buildSite();
  const siteTimes: number[] = [];
  const bareTimes: number[] = [];
  const flaggedTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    siteTimes.push(buildSite());
    bareTimes.push(timed('npm', ['run', 'build', '--silent'], bare));
    flaggedTimes.push(timed('npm', ['run', 'build-flagged', '--silent'], bare));
  }
  const siteTime = median(siteTimes);
  const bareTime = median(bareTimes);
  const flaggedTime = median(flaggedTimes);

  table(`This site, built in ${siteTime.toFixed(2)} s (median of ${runs})`, weigh(siteOut));
  table(`A bare one-page Astro site, built in ${bareTime.toFixed(2)} s (median of ${runs})`, weigh(join(bare, 'dist')));
  console.log(`\nBuild times, s: this site ${siteTimes.map((t) => t.toFixed(2)).join(', ')}; bare ${bareTimes.map((t) => t.toFixed(2)).join(', ')}; bare with our Node flags ${flaggedTimes.map((t) => t.toFixed(2)).join(', ')}`);
  console.log(`This site's build with its own caches emptied (highlighted sources, chart drawings, Plot's bundle, the prose check's pass): ${cold.toFixed(2)} s (not in the median)`);
  console.log(`Build ratio: ${(siteTime / bareTime).toFixed(2)} times a bare one-page Astro build, both by \`npm run build\` (target: 2 times)`);
  console.log(`Build ratio with the bare build given the same Node flags (${ASTRO_NODE_FLAGS.join(' ')}): ${(siteTime / flaggedTime).toFixed(2)} (bare ${flaggedTime.toFixed(2)} s)`);

  // Build time as the span index grows.
  console.log('\nBuild time against the size of the span index (synthetic copies; lock rewritten in each copy only)');
  console.log(`${'index'.padEnd(8)} ${'traces'.padStart(8)} ${'spans'.padStart(9)} ${'build s'.padStart(8)} ${'s per 100k spans'.padStart(17)}`);
  for (const f of factors) {
    const copy = join(tmp, `x${f}`);
    const { traces, spans } = writeSyntheticCopy(shared, copy, join(root, 'artifacts.lock.json'), f);
    const t = timed('npm', ['run', 'build', '--silent', '--', '--outDir', join(tmp, `out${f}`)], root, { AUDIT_ROOT: copy, AUDIT_LOCK: join(copy, 'artifacts.lock.json') });
    console.log(`${`${f}x`.padEnd(8)} ${String(traces).padStart(8)} ${String(spans).padStart(9)} ${t.toFixed(2).padStart(8)} ${((t / spans) * 1e5).toFixed(2).padStart(17)}`);
  }
  console.log(`\nBudgets: no script on any page but /search/; under ${BUDGET_GZ / 1024} KB gzip per page in all; build time growing no worse than linearly with the index.`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
