/**
 * Benchmark: where the build's time goes, from a CPU profile rather than guesses.
 * Runs `astro build` once under `node --cpu-prof`, with the V8 settings `npm run build`
 * gives it (the build thread and the highlighting worker each write a profile), and prints
 * the build's phases on its timeline, then self time by package or by our own folder. Sampled CPU time, so
 * it shows shares; for wall-clock figures against a baseline use bench:site.
 * A script, not a timed test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditMirror } from '../../src/admission/paths.ts';
import { V8_FLAGS } from '../build.ts';

const root = join(import.meta.dirname, '../..');
const mirror = auditMirror(process.env, root) ?? '';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The build's phases, each found by a function on the stack (Astro's own names, or ours). */
const PHASES: [string, RegExp][] = [
  ['admission and re-derivation (config:setup)', /^astro:config:setup /],
  ['prose checks (build:start)', /^astro:build:start /],
  ['rendering pages (generatePages)', /^generatePages /],
  ['passes and guards on dist/ (checkBuilt)', /^checkBuilt /],
];

/** Where a frame's code lives: a package, a folder of ours, Node itself, or V8's own work. */
function area(f: CallFrame): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (pkg) return pkg[1]!;
  if (f.url.includes('/dist/.prerender/')) return "the pages' bundle (Vite's output)";
  const own = /\/(src\/[^/]+)\//.exec(f.url);
  if (own) return own[1]!;
  if (f.url.startsWith('node:')) return 'Node (module loading, fs, child processes)';
  if (f.url.startsWith('wasm:')) return 'WebAssembly (Shiki)';
  return f.functionName || '(anonymous)';
}

function summarise(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const spans = PHASES.map(() => ({ first: Infinity, last: -Infinity, cpu: 0 }));
  let t = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(p.samples[i]!)!;
    self.set(area(leaf.callFrame), (self.get(area(leaf.callFrame)) ?? 0) + dt);
    const hit = new Set<number>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const name = `${byId.get(id)!.callFrame.functionName} `;
      PHASES.forEach(([, re], k) => re.test(name) && hit.add(k));
    }
    for (const k of hit) {
      spans[k]!.first = Math.min(spans[k]!.first, t);
      spans[k]!.last = Math.max(spans[k]!.last, t);
      spans[k]!.cpu += dt;
    }
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  console.log(
    `  ${'phase (its functions first and last on the stack; CPU under them)'.padEnd(46)} ${'from'.padStart(8)} ${'to'.padStart(8)} ${'CPU'.padStart(8)}`,
  );
  PHASES.forEach(([name], k) => {
    const s = spans[k]!;
    console.log(
      `  ${name.padEnd(46)} ${s.cpu ? ms(s.first).padStart(8) : 'not seen'.padStart(8)} ${s.cpu ? ms(s.last).padStart(8) : ''.padStart(8)} ${ms(s.cpu).padStart(8)}`,
    );
  });
  console.log(`  ${'whole profile'.padEnd(46)} ${'0 ms'.padStart(8)} ${ms(p.endTime - p.startTime).padStart(8)}`);
  console.log('  self time by where the code lives (top 15):');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${ms(v).padStart(8)}  ${k}`);
}

const dir = mkdtempSync(join(tmpdir(), 'trail-profile-'));
// The build refuses an output folder outside the project, so the profile's build writes a new one inside it.
const out = join(root, `.profile-dist-${process.pid}`);
try {
  const r = spawnSync(
    process.execPath,
    [
      ...V8_FLAGS,
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      join(root, 'node_modules/astro/bin/astro.mjs'),
      'build',
      '--outDir',
      out,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', AUDIT_MIRROR: mirror },
      maxBuffer: 64 << 20,
    },
  );
  if (r.status !== 0) throw new Error(`astro build failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  for (const f of profiles) {
    console.log(`\n${f.includes('.0.') ? 'Build thread' : 'Worker thread'} (${f})`);
    summarise(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}
