/** Where the admitted artifacts and the lock live. Overridable so tests can admit a tampered copy. */
import { dirname, join, resolve } from 'node:path';

/** The folder holding `results/` and `index/` (default: the project root). */
export function artifactsRoot(): string {
  return resolve(process.env['AUDIT_ROOT'] ?? process.cwd());
}

/**
 * A copy of the audit repository's files, to bring the artifacts in from and for the tests
 * to compare against: AUDIT_ARTIFACTS, else `../shared/trail-scorer-audit` beside the project.
 */
export function auditCopy(project: string = process.cwd()): string {
  return resolve(project, process.env['AUDIT_ARTIFACTS'] ?? '../shared/trail-scorer-audit');
}

/** The committed lock (default: `artifacts.lock.json` in the project root). */
export function lockPath(): string {
  return resolve(process.env['AUDIT_LOCK'] ?? join(process.cwd(), 'artifacts.lock.json'));
}

/** The change records' folder, beside the lock: one record per accepted revision (change-history.ts). */
export const HISTORY_DIR = 'audit-changes';
export const historyDir = (lockPath: string) => join(dirname(lockPath), HISTORY_DIR);
