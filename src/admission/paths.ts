/** Where the admitted files, the lock and the audit's mirror live. Overridable so tests can use a temp folder. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { HISTORY_DIR } from './history.ts';

export { HISTORY_DIR };

/** The folder holding `results/`, `index/` and `audit-sources/` (default: the project root). */
export function artifactsRoot(): string {
  return resolve(process.env['AUDIT_ROOT'] ?? process.cwd());
}

/** The committed lock (default: `artifacts.lock.json` in the project root). */
export function lockPath(): string {
  return resolve(process.env['AUDIT_LOCK'] ?? join(process.cwd(), 'artifacts.lock.json'));
}

export const historyDir = (lock: string): string => join(dirname(lock), HISTORY_DIR);

/** Where a source file (the lock's `sources`) is brought in to, under `root`. */
export const sourceFile = (root: string, commit: string, path: string): string =>
  join(root, 'audit-sources', commit, path);

/**
 * A local copy laid out as the raw host serves it (`<repository>/<commit>/<path>`):
 * AUDIT_MIRROR when set, `../shared/audit-mirror` beside the clone when that exists;
 * none (download) when AUDIT_MIRROR is set empty or nothing is there.
 */
export function auditMirror(env: NodeJS.ProcessEnv = process.env, project = process.cwd()): string | undefined {
  const named = env['AUDIT_MIRROR'];
  if (named === '') return undefined;
  if (named !== undefined) return resolve(project, named);
  const beside = resolve(project, '../shared/audit-mirror');
  return existsSync(beside) ? beside : undefined;
}
