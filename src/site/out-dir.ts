/**
 * Where a build may write: the output folder is emptied by us (on a refusal, src/integration/refusal.ts) and by
 * Astro (before it writes pages), so it must never be a folder someone else owns. It
 * must be inside the project, outside every source folder, and either new, empty, the
 * project's git-ignored default `dist/`, or a folder an earlier build of this site wrote.
 *
 * "An earlier build wrote it" is recognised by a marker file the build writes into the
 * output as soon as Astro has finished (markBuilt, from the integration), not by guessing
 * from the folder's contents: a page-like `index.html` says nothing about who owns the
 * folder, while the marker's exact text is only ever written by this code. A source
 * folder is refused even when it holds the marker, so a planted marker cannot open it.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SettingError } from '../core/setting-error.ts';

export const BUILD_MARK = '.trail-audit-build';
const MARK_TEXT =
  'This folder was written by the build of the TRAIL scorer audit site; the next build may empty it (src/site/out-dir.ts).\n';

/** The project's own folders: sources, history, installed packages, the admitted artifacts and their staging. */
const OWNED = [
  'src',
  'content',
  '.git',
  '.github',
  '.ci',
  'scripts',
  'tests',
  'node_modules',
  'public',
  'results',
  'index',
  'audit-changes',
  '.astro',
];
const isOwned = (first: string) => OWNED.includes(first) || first.startsWith('.artifacts-staging-');

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

/**
 * Refuses (SettingError) an output folder the build must not empty. `setting` names where
 * it came from (`--outDir`, Astro's `outDir`). Called before anything is deleted.
 */
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
  if (!marked)
    refuse(
      setting,
      outDir,
      `which holds files no build of this site wrote (no ${BUILD_MARK}): move them away or delete the folder yourself`,
    );
}

/** Marks a folder the build has written as build output, so the next build may empty it. */
export function markBuilt(outDir: string): void {
  writeFileSync(join(outDir, BUILD_MARK), MARK_TEXT);
}
