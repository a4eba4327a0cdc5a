/**
 * Benchmark: the re-derivation step (cold, in a fresh process, and warm) beside the
 * whole build. A script that prints figures, not a timed test.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './median.ts';

const root = join(import.meta.dirname, '../..');
const runs = Number(process.env['BENCH_RUNS'] ?? 5);

const probe = `
  const { admit } = await import('./src/admission/admit.ts');
  const { rederiveAll } = await import('./src/rederive/index.ts');
  // Admission alone; each timed run below is the re-derivation stage on a fresh copy.
  const a = admit({ root: process.env.AUDIT_ROOT ?? '.', lockPath: 'artifacts.lock.json' });
  const times = [];
  // A fresh copy each time: the taxonomy analysis is cached per admitted object.
  for (let i = 0; i < 10; i++) { const copy = structuredClone(a); const t = performance.now(); rederiveAll(copy); times.push(performance.now() - t); }
  console.log(JSON.stringify(times));
`;

function once(): number[] {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as number[];
}

// Admission ran once in admit(); the re-derivations run only in the timed loop, each on a fresh copy.
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = once();
  cold.push(t[0]!);
  warm.push(median(t.slice(1)));
}

const builds: number[] = [];
for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
  const start = process.hrtime.bigint();
  const r = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  builds.push(Number(process.hrtime.bigint() - start) / 1e6);
}

const d = median(cold);
const b = median(builds);
console.log(`re-derivation step, first run in a process: ${d.toFixed(1)} ms (median of ${runs} processes)`);
console.log(`re-derivation step, warm:                   ${median(warm).toFixed(1)} ms`);
console.log(`whole build (npm run build):                ${(b / 1000).toFixed(2)} s (median of ${builds.length})`);
console.log(
  `re-derivation's share of the build:         ${((100 * d) / b).toFixed(1)}% (it runs once per admission; a build admits a few times)`,
);
