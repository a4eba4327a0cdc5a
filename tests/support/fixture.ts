/**
 * Test fixtures: a throw-away copy of the audit's artifacts and of the lock, which a
 * test can tamper with. The originals are read from AUDIT_ARTIFACTS (default
 * ../shared/trail-scorer-audit); nothing here writes outside a temp directory.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { proposeLock, serialiseLock } from '../../src/admission/bring-in.ts';
import { loadLock } from '../../src/admission/admit.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../../src/admission/schemas.ts';
import { fromPointer, resolvePointer, toPointer } from '../../src/admission/pointer.ts';
import { auditCopy } from '../../src/admission/paths.ts';

export const PROJECT = resolve(import.meta.dirname, '../..');
export const SHARED = auditCopy(PROJECT);
export const LOCK = join(PROJECT, 'artifacts.lock.json');

export interface Copy {
  readonly root: string;
  readonly lockPath: string;
  read(path: ArtifactPath): string;
  write(path: ArtifactPath, text: string): void;
  /** Reads the value at a JSON Pointer in one file. */
  get(path: ArtifactPath, pointer: string): unknown;
  /** Sets the value at a JSON Pointer (creating the last key) and writes the file back, two-space indented. */
  set(path: ArtifactPath, pointer: string, value: unknown): void;
  /** Removes the key or array item at a JSON Pointer. */
  drop(path: ArtifactPath, pointer: string): void;
  /** Accepts the copy's current bytes into its lock, as `--update-lock` would. */
  relock(): void;
  dispose(): void;
}

type Container = Record<string, unknown>;

function change(copy: Copy, path: ArtifactPath, pointer: string, fn: (parent: Container, key: string) => void): void {
  const doc: unknown = JSON.parse(copy.read(path));
  const segments = fromPointer(pointer);
  const key = segments.pop();
  const parent = resolvePointer(doc, toPointer(segments));
  if (key === undefined || parent === null || typeof parent !== 'object')
    throw new Error(`${path}#${pointer}: no parent to change`);
  fn(parent as Container, key);
  copy.write(path, JSON.stringify(doc, null, 2) + '\n');
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
    get: (p, pointer) => resolvePointer(JSON.parse(copy.read(p)), pointer),
    set: (p, pointer, value) => change(copy, p, pointer, (parent, key) => void (parent[key] = value)),
    drop: (p, pointer) => change(copy, p, pointer, (parent, key) => void delete parent[key]),
    // As an attacker with --update-lock would: the new bytes' digests, with no admission before they are written.
    relock: () => {
      const sources = new Map(ARTIFACT_PATHS.map((p) => [p, readFileSync(join(root, p))] as const));
      writeFileSync(lockPath, serialiseLock(proposeLock(loadLock(lockPath), sources, (old) => old.commit).lock));
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return copy;
}
