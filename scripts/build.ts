/**
 * `npm run build [-- astro build options]`: prepare (settings, artifacts) in this
 * process, then `astro build` (which admits the artifacts) in a child. The output
 * folder is emptied first and removed again when any step fails, so a failed build
 * never leaves a complete-looking dist/ to publish. Astro runs in a child so that
 * even a build that dies without running any of its own code (out of memory, killed)
 * is cleaned up here; a signal to this process is passed on to it, then cleaned up.
 *
 * Astro's Node gets a young generation that starts at 8 MB and grows to 16: it spares
 * the build many of its minor collections (GC was about a tenth of its CPU profile);
 * alternating builds with and without, the build took about 0.3 s less.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepare } from './prepare.ts';
import { plotBundleSpec, refreshPlotBundle } from './lib/plot-bundle.ts';
import { answerGitQuestions, askGit, GIT_ANSWERS_BY_IPC } from '../src/admission/site-revision.ts';

export const ASTRO_NODE_FLAGS = ['--min-semi-space-size=8', '--max-semi-space-size=16'];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Astro's --outDir, in either spelling, with or without '='. */
export function outDirOf(args: readonly string[]): string {
  const at = args.findIndex((a) => /^--out-?[dD]ir(=|$)/.test(a));
  if (at < 0) return resolve('dist');
  const flag = args[at]!;
  const eq = flag.indexOf('=');
  return resolve(eq >= 0 ? flag.slice(eq + 1) : (args[at + 1] ?? 'dist'));
}

const args = process.argv.slice(2);
const outDir = outDirOf(args);
const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');

function failed(code: number): void {
  rmSync(outDir, { recursive: true, force: true });
  console.error(`error: the build failed; ${outDir} was removed, so nothing half-checked can be published`);
  process.exitCode = code;
}

if (import.meta.main) {
  rmSync(outDir, { recursive: true, force: true });
  const status = await prepare();
  if (status !== 0) failed(status);
  else {
    const child = spawn(process.execPath, [...ASTRO_NODE_FLAGS, astro, 'build', ...args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [GIT_ANSWERS_BY_IPC]: '1' },
    });
    // git is asked from this small process while Astro starts (see site-revision.ts).
    answerGitQuestions(child, askGit(process.cwd()));
    // Plot's bundle, refreshed here while Astro starts (esbuild works in a process of its own).
    void refreshPlotBundle(plotBundleSpec(join(import.meta.dirname, '..')));
    // From here a signal is the build's: passed on to Astro, and the output removed once it has stopped.
    let interrupted: (typeof SIGNALS)[number] | undefined;
    for (const s of SIGNALS) {
      process.removeAllListeners(s);
      process.on(s, () => {
        interrupted = s;
        child.kill(s);
      });
    }
    child.on('exit', (code, signal) => {
      if (code === 0 && interrupted === undefined) return;
      const by = interrupted ?? signal;
      failed(by ? SIGNAL_EXIT[by as keyof typeof SIGNAL_EXIT] ?? 1 : (code ?? 1));
    });
  }
}
