/**
 * The files of the build's caches under node_modules/.cache (highlighted sources, chart
 * drawings, the prose check's pass): written whole or not at all, and tidied. A cache
 * never fails the build: what cannot be written or tidied now is only work again later.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Writes `data` at `path` through a temporary file and a rename, so a reader sees the whole file or none. */
export function writeCacheFile(path: string, data: string): void {
  const tmp = `${path}.${process.pid}.${threadId}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch {
    // A read-only tree only means the next build does the work again.
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Removes the entries in `dir` named like `entry` that this build did not use, once they are an hour old (another build may still want a newer one). */
export function evictUnused(dir: string, entry: RegExp, used: ReadonlySet<string>): void {
  try {
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (entry.test(f) && !used.has(path) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
    }
  } catch {
    // What cannot be tidied now is tidied by a later build.
  }
}
