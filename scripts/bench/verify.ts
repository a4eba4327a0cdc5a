/**
 * Benchmark: how much admitting the artifacts (`npm run verify`) costs beyond
 * starting Node at all. Runs both commands alternately, several times, in one
 * process, and prints the medians and their difference, then where the time goes
 * inside verify (loading modules against the admission work). A script, not a test.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './median.ts';

const root = join(import.meta.dirname, '../..');
const runs = Number(process.env['BENCH_RUNS'] ?? 15);
// Issue #12: verify within 100 ms of bare Node start-up.
const TARGET_MS = 100;

function time(args: string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr.toString()}`);
  return ms;
}

const bare: number[] = [];
const verify: number[] = [];
time(['scripts/verify.ts']); // warm the file cache
for (let i = 0; i < runs; i++) {
  bare.push(time(['-e', '']));
  verify.push(time(['scripts/verify.ts']));
}
const b = median(bare);
const v = median(verify);
console.log(`runs each:                 ${runs}`);
console.log(`bare node start-up:        ${b.toFixed(1)} ms (median)`);
console.log(`npm run verify (node ...): ${v.toFixed(1)} ms (median)`);
// The figure as issue #12 states it, from the two medians above (same run).
console.log(`verify beyond bare start-up: ${(v - b).toFixed(1)} ms (target ${TARGET_MS} ms)`);
const inside = spawnSync(process.execPath, ['scripts/verify.ts', '--timing'], { cwd: root, encoding: 'utf8' });
console.log(`inside verify:             ${/timing: (.*)/.exec(inside.stdout)?.[1] ?? 'not reported'}`);
