/**
 * Test fixtures: a throw-away copy of the audit's artifacts and of the lock, which a
 * test can tamper with. The originals are read from AUDIT_ARTIFACTS (default
 * ../shared/trail-scorer-audit); nothing here writes outside a temp directory.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { updateLock } from '../../src/admission/bring-in.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../../src/admission/schemas.ts';

export const PROJECT = resolve(import.meta.dirname, '../..');
export const SHARED = resolve(PROJECT, process.env['AUDIT_ARTIFACTS'] ?? '../shared/trail-scorer-audit');
export const LOCK = join(PROJECT, 'artifacts.lock.json');

export interface Copy {
  readonly root: string;
  readonly lockPath: string;
  read(path: ArtifactPath): string;
  write(path: ArtifactPath, text: string): void;
  /** Parses, lets `fn` mutate, writes back with the audit's two-space indentation. */
  edit(path: ArtifactPath, fn: (doc: Record<string, any>) => void): void;
  /** Accepts the copy's current bytes into its lock, as `--update-lock` would. */
  relock(): void;
  dispose(): void;
}

export function makeCopy(): Copy {
  const root = mkdtempSync(join(tmpdir(), 'trail-audit-'));
  for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(root, p), { recursive: true });
  const lockPath = join(root, 'artifacts.lock.json');
  cpSync(LOCK, lockPath);
  const copy: Copy = {
    root,
    lockPath,
    read: (p) => readFileSync(join(root, p), 'utf8'),
    write: (p, text) => writeFileSync(join(root, p), text),
    edit: (p, fn) => {
      const doc = JSON.parse(copy.read(p));
      fn(doc);
      copy.write(p, JSON.stringify(doc, null, 2) + '\n');
    },
    relock: () => void updateLock(root, lockPath),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return copy;
}
