/**
 * `npm run build [-- astro build options]`: `astro build`, run as a child so that a
 * build that dies without running any of its own code (out of memory, killed) is cleaned
 * up here too: when it fails, the output folder is removed, so a failed build never
 * leaves a complete-looking dist/ to publish. A signal to this process is passed on to
 * Astro, then cleaned up. Everything the build does happens inside Astro, in the
 * integration (src/integration/), whichever way it is started.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { reportRefusal } from '../src/admission/report.ts';
import { checkOutDir } from '../src/site/out-dir.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * V8 settings for Astro's process; they change how fast, never what is built (bench:site measures
 * the build as `npm run build` runs it). Its background threads: the machine's cores less one, at
 * least one (Node's default is four whatever the machine), so they do not crowd out the build's own
 * threads and processes. Its young generation starts at 32 MB a half instead of growing from 1 MB,
 * so the build stops for fewer young-generation collections (`--trace-gc` counts them).
 */
export const V8_FLAGS = [`--v8-pool-size=${Math.max(1, availableParallelism() - 1)}`, '--min-semi-space-size=32'];
const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Astro's --outDir, in either spelling, with or without '='. */
export function outDirOf(args: readonly string[]): string {
  const at = args.findIndex((a) => /^--out-?[dD]ir(=|$)/.test(a));
  if (at < 0) return resolve('dist');
  const flag = args[at]!;
  const eq = flag.indexOf('=');
  return resolve(eq >= 0 ? flag.slice(eq + 1) : (args[at + 1] ?? 'dist'));
}

function failed(outDir: string, code: number): void {
  rmSync(outDir, { recursive: true, force: true });
  console.error(`error: the build failed; ${outDir} was removed, so nothing half-checked can be published`);
  process.exitCode = code;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const outDir = outDirOf(args);
  const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');
  // Refused before anything is deleted: the output folder is emptied by Astro and, on failure, here (src/site/out-dir.ts).
  try {
    checkOutDir(join(import.meta.dirname, '..'), outDir);
  } catch (e) {
    process.exit(reportRefusal(e));
  }
  const child = spawn(process.execPath, [...V8_FLAGS, astro, 'build', ...args], { stdio: 'inherit' });
  let interrupted: (typeof SIGNALS)[number] | undefined;
  for (const s of SIGNALS) {
    process.on(s, () => {
      interrupted = s;
      child.kill(s);
    });
  }
  child.on('exit', (code, signal) => {
    if (code === 0 && interrupted === undefined) return;
    const by = interrupted ?? signal;
    failed(outDir, by ? (SIGNAL_EXIT[by as keyof typeof SIGNAL_EXIT] ?? 1) : (code ?? 1));
  });
}
