/**
 * `npm run build [-- astro build options]`: prepare (settings, artifacts) in this
 * process, then `astro build` (which admits the artifacts) in its own. The output
 * folder is emptied first and removed again when any step fails, so a failed build
 * never leaves a complete-looking dist/ to publish.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepare } from './prepare.ts';

const args = process.argv.slice(2);
const at = args.findIndex((a) => a === '--outDir' || a.startsWith('--outDir='));
const outDir = resolve(at < 0 ? 'dist' : args[at]!.includes('=') ? args[at]!.split('=')[1]! : (args[at + 1] ?? 'dist'));
const project = join(import.meta.dirname, '..');

rmSync(outDir, { recursive: true, force: true });
const step = (script: string, rest: string[]) => spawnSync(process.execPath, [script, ...rest], { stdio: 'inherit', cwd: process.cwd() }).status ?? 1;
// In this process, not a third one: a Node start-up and the module loading it would repeat cost about 0.1 s.
let status = await prepare();
if (status === 0) status = step(join(project, 'node_modules/astro/bin/astro.mjs'), ['build', ...args]);
if (status !== 0) {
  rmSync(outDir, { recursive: true, force: true });
  console.error(`error: the build failed; ${outDir} was removed, so nothing half-checked can be published`);
}
process.exitCode = status;
