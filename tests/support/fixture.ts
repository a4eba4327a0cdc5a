/**
 * Test fixtures: a throw-away copy of the audit's artifacts and of the lock, which a
 * test can tamper with. The originals are the checkout's own results/ and index/, brought
 * in by `npm run artifacts` (or the first step of `npm test`, which brings them from the
 * mirror served on loopback); nothing here writes outside a temp directory.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serialiseLock } from '../../src/admission/bring-in.ts';
import { gitBlobId, indexDigest, sha256Hex } from '../../src/admission/digest.ts';
import type { JsonValue } from '../../src/admission/parse.ts';
import { loadLock } from '../../src/admission/load.ts';
import { ARTIFACT_PATHS, INDEX_FED, type ArtifactPath } from '../../src/admission/schemas.ts';
import { fromPointer, resolvePointer, toPointer } from '../../src/admission/pointer.ts';

export const PROJECT = resolve(import.meta.dirname, '../..');
/** Where the real artifacts are: the checkout itself, once brought in. */
export const SHARED = PROJECT;
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
  /** Writes the copy's current sizes and digests into its lock, with no admission (as a careless hand would). */
  relock(): Promise<void>;
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
  for (const p of [...ARTIFACT_PATHS, 'audit-sources']) cpSync(join(SHARED, p), join(root, p), { recursive: true });
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
    relock: async () => {
      const lock = loadLock(lockPath);
      const files = await Promise.all(
        lock.files.map(async (f) => {
          const bytes = readFileSync(join(root, f.path));
          return { ...f, bytes: bytes.length, sha256: await sha256Hex(bytes), blob: await gitBlobId(bytes) };
        }),
      );
      // A pin moves only where every file that records it agrees on the new value, as --accept proposes it.
      let pins = lock.pins;
      try {
        const digest = await indexDigest(copy.get('index/spans.json', '/splits') as JsonValue);
        if (INDEX_FED.every((p) => copy.get(p, '/index_sha256') === digest)) pins = { ...pins, index_sha256: digest };
      } catch {
        // A file that is no longer JSON: the pins stay, and admission refuses the file.
      }
      writeFileSync(lockPath, serialiseLock({ ...lock, pins, files }));
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return copy;
}
