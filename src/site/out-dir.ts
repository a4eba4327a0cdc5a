/**
 * Where a build may write: Astro and a refusal empty the output folder, so it must be inside the project,
 * outside every source folder, and new, empty, the default `dist/`, or one holding the marker an earlier
 * build wrote (its exact text, never guessed from the contents; a source folder even with it is refused).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SettingError } from '../core/setting-error.ts';

export const BUILD_MARK = '.trail-audit-build';
const MARK_TEXT =
  'This folder was written by the build of the TRAIL scorer audit site; the next build may empty it (src/site/out-dir.ts).\n';

/** The project's own folders. */
const OWNED = 'src content .git .github .ci scripts tests node_modules public results index audit-changes .astro';
const isOwned = (first: string) => OWNED.split(' ').includes(first);

/** The real path of `path`, resolving links in the part of it that exists. */
function realPath(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  while (!existsSync(at)) {
    rest.unshift(basename(at));
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return join(realpathSync(at), ...rest);
}

function refuse(setting: string, outDir: string, why: string): never {
  throw new SettingError(
    setting,
    `a new folder inside the project, or one an earlier build wrote (it holds ${BUILD_MARK}), never a source folder or a folder outside the project`,
    `${JSON.stringify(outDir)}, ${why}; nothing was deleted`,
  );
}

/** Refuses an output folder the build must not empty, before anything is deleted; `setting` names its origin. */
export function checkOutDir(projectRoot: string, outDir: string, setting = '--outDir'): void {
  const root = realpathSync(projectRoot);
  const real = realPath(outDir);
  const rel = relative(root, real);
  if (rel === '') refuse(setting, outDir, 'which is the project itself');
  if (rel.startsWith('..') || isAbsolute(rel)) refuse(setting, outDir, `which is outside the project (${root})`);
  const first = rel.split(sep)[0]!;
  if (isOwned(first)) refuse(setting, outDir, `which is inside the project's own ${first}/`);
  if (!existsSync(real)) return;
  if (!lstatSync(real).isDirectory()) refuse(setting, outDir, 'which is not a folder');
  if (rel === 'dist') return; // the default output, git-ignored: every build has emptied it
  const entries = readdirSync(real);
  if (entries.length === 0) return;
  const mark = join(real, BUILD_MARK);
  const marked = entries.includes(BUILD_MARK) && lstatSync(mark).isFile() && readFileSync(mark, 'utf8') === MARK_TEXT;
  const why = `which holds files no build of this site wrote (no ${BUILD_MARK}): move them away or delete the folder yourself`;
  if (!marked) refuse(setting, outDir, why);
}

/** Marks a folder the build has written as build output, so the next build may empty it. */
export function markBuilt(outDir: string): void {
  writeFileSync(join(outDir, BUILD_MARK), MARK_TEXT);
}
