/**
 * All or nothing for results/, index/, the lock and the change history. New bytes are
 * written into a staging folder inside the artifacts root (same filesystem, so a rename
 * is a move, never a copy), verified there as a whole, and only then renamed into place.
 * The renames run synchronously after a manifest is written, so a signal cannot land
 * between them. SIGINT, SIGTERM and SIGHUP delete the folder and exit, leaving the
 * targets exactly as they were.
 *
 * A run killed outright (SIGKILL, power loss) leaves the folder, and the next run settles
 * it once its owner is gone (staging-owner.ts: a zombie counts as gone). Nothing in it is
 * trusted for having been there:
 * - no manifest: never verified; deleted.
 * - a manifest (swap-manifest.ts) names no path, only which of the known targets it
 *   replaces (the six artifacts, the lock, one new change record), so nothing moves
 *   anywhere else.
 * - a swap that keeps the lock is finished only with files that match the lock in place,
 *   the one it was staged for, checked again byte for byte.
 * - a swap that changes the lock moves the lock last. If the new lock is in place, the
 *   swap was complete. If not, it is undone: each artifact is put back from the copy
 *   kept before it was replaced, when that copy is what the lock in place admits, and
 *   the new record is removed, so no lock is ever left without its record or a record
 *   without its lock. A new lock found only in staging is never taken: it could have been
 *   put there.
 * Anything else (a lock in place that is neither, a file that is not a regular file) is
 * refused, naming the folder and how to clear it, and nothing is moved.
 */
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { HISTORY_DIR, historyDir } from './paths.ts';
import { sha256Hex } from './digest.ts';
import { AdmissionError } from './errors.ts';
import { FileRefusal, readRegularFile } from './files.ts';
import { parseStrictJson } from './json.ts';
import { lockDigest } from './lock-digest.ts';
import { lockPath as defaultLockPath } from './paths.ts';
import { ARTIFACT_PATHS, type ArtifactPath, type Lock } from './schemas.ts';
import { ownerAlive, ownerStamp, OWNER } from './staging-owner.ts';
import { MANIFEST, RECORD_NAME, readSwapManifest, serialiseManifest, type SwapManifest } from './swap-manifest.ts';

const PREFIX = '.artifacts-staging-';
/** Where the copies of the replaced files are kept until the swap is complete. */
const KEPT = '.replaced';
const LOCK_NAME = 'artifacts.lock.json';
const MAX_LOCK_BYTES = 64 * 1024;

function move(staged: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  try {
    renameSync(staged, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    // The target (an AUDIT_LOCK elsewhere) is on another filesystem: copy beside it, then rename.
    const beside = `${target}.incoming-${process.pid}`;
    copyFileSync(staged, beside);
    renameSync(beside, target);
    rmSync(staged, { force: true });
  }
}

/** A regular file's bytes, or undefined when there is none or it is something else. */
function regularBytes(path: string, within: string): Uint8Array | undefined {
  try {
    return readRegularFile(path, { within, maxBytes: Number.MAX_SAFE_INTEGER });
  } catch (e) {
    if (e instanceof FileRefusal) return undefined;
    throw e;
  }
}

/** The lock in place and its digest, or a refusal naming the staging folder. */
function lockInPlace(lockPath: string, dir: string): { lock: Lock; digest: string } {
  try {
    const lock = parseStrictJson(
      new TextDecoder().decode(readRegularFile(lockPath, { maxBytes: MAX_LOCK_BYTES })),
    ) as unknown as Lock;
    return { lock, digest: lockDigest(lock) };
  } catch (e) {
    throw new AdmissionError(
      'staging',
      dir,
      '',
      `a readable lock at ${lockPath} to check the staged files against`,
      e instanceof Error ? e.message : String(e),
    );
  }
}

/** True when `bytes` are what `lock` admits for `path`. */
const admits = (lock: Lock, path: ArtifactPath, bytes: Uint8Array | undefined) => {
  const entry = Array.isArray(lock.files) ? lock.files.find((f) => f.path === path) : undefined;
  return (
    bytes !== undefined && entry !== undefined && entry.bytes === bytes.length && entry.sha256 === sha256Hex(bytes)
  );
};

/** The record names in the history, newest last. */
function recordNames(lockPath: string): string[] {
  try {
    return readdirSync(historyDir(lockPath))
      .filter((n) => RECORD_NAME.test(n))
      .sort();
  } catch {
    return [];
  }
}

/** Settles one staging folder whose run is gone; returns what was done. */
function settle(dir: string, root: string, lockPath: string): string {
  if (!lstatSync(dir).isDirectory())
    throw new AdmissionError(
      'staging',
      dir,
      '',
      'a staging folder',
      'something that is not a folder (a link or a file)',
    );
  if (!existsEntry(join(dir, MANIFEST))) {
    rmSync(dir, { recursive: true, force: true });
    return `deleted unverified staging an interrupted run left in ${dir}`;
  }
  const m = readSwapManifest(dir);
  const { lock, digest } = lockInPlace(lockPath, dir);
  const refuse = (expected: string, found: string): never => {
    throw new AdmissionError('staging', dir, '', expected, found);
  };
  if (m.lock === null) {
    if (digest !== m.for) refuse(`a swap staged for the lock in place (${digest})`, `one staged for the lock ${m.for}`);
    // Every file checked again against the lock in place before any is moved.
    const ready: ArtifactPath[] = [];
    for (const p of m.files) {
      const staged = join(dir, p);
      if (!existsEntry(staged)) continue; // moved before the run was killed
      if (!admits(lock, p, regularBytes(staged, dir)))
        refuse(`staged files that the lock in place admits`, `${p}, which it does not admit`);
      ready.push(p);
    }
    for (const p of ready) move(join(dir, p), join(root, p));
    rmSync(dir, { recursive: true, force: true });
    return `finished a verified swap an interrupted run left in ${dir} (each file checked again against the lock)`;
  }
  if (digest === m.lock) {
    // The lock moves last: it is in place, so every other move was made.
    rmSync(dir, { recursive: true, force: true });
    return `an interrupted swap in ${dir} had completed; deleted the folder`;
  }
  if (digest !== m.for)
    refuse(
      `a swap staged for the lock in place (${digest}), or one whose new lock is in place`,
      `one staged for the lock ${m.for}, moving to ${m.lock}`,
    );
  undo(dir, root, lockPath, m, lock);
  rmSync(dir, { recursive: true, force: true });
  return `undid an interrupted swap ${dir} had begun (the lock had not moved): the artifacts are as the lock in place admits, or missing and brought in again`;
}

function existsEntry(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Puts back what a lock-changing swap replaced before its lock moved. */
function undo(dir: string, root: string, lockPath: string, m: SwapManifest, lock: Lock): void {
  for (const p of m.files) {
    const target = join(root, p);
    const kept = join(dir, KEPT, p);
    if (admits(lock, p, regularBytes(kept, dir))) move(kept, target);
    // A file the lock in place does not admit would be refused by every build: removed, to be brought in again.
    else if (existsEntry(target) && !admits(lock, p, regularBytes(target, root))) rmSync(target, { force: true });
  }
  if (m.record) {
    const names = recordNames(lockPath);
    const target = join(historyDir(lockPath), m.record.name);
    const bytes = regularBytes(target, historyDir(lockPath));
    // Only the newest record, and only the very bytes this swap staged: never a record of the history before it.
    if (names.at(-1) === m.record.name && bytes !== undefined && sha256Hex(bytes) === m.record.sha256) rmSync(target);
  }
}

/**
 * Settles what an earlier run left under `root`: finishes or undoes a verified swap it
 * was killed in the middle of, deletes staging it never verified, and refuses (naming the
 * folder) what does not check out. Returns what it did.
 */
export function recoverInterrupted(root: string, lockPath: string = defaultLockPath()): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const done: string[] = [];
  for (const name of names.sort()) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(root, name);
    if (ownerAlive(dir, Number(name.slice(PREFIX.length).split('-')[0]))) continue;
    try {
      done.push(settle(dir, root, resolve(lockPath)));
    } catch (e) {
      if (e instanceof AdmissionError) throw e;
      throw new AdmissionError(
        'staging',
        dir,
        '',
        'a staging folder whose files can be put in place',
        e instanceof Error ? e.message : String(e),
      );
    }
  }
  return done;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const EXIT_CODE: Record<(typeof SIGNALS)[number], number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
const active = new Set<Staging>();
let handling = false;

/**
 * Makes SIGINT, SIGTERM and SIGHUP end the run in one line, after dropping whatever is
 * staged. Installed by every command that brings files in, before any work starts.
 */
export function exitCleanlyOnSignal(): void {
  if (handling) return;
  handling = true;
  for (const s of SIGNALS) {
    process.on(s, () => {
      for (const staging of active) staging.discard();
      process.stderr.write(`error: interrupted by ${s}; nothing was changed\n`);
      process.exit(EXIT_CODE[s]);
    });
  }
}

type Target = { kind: 'artifact'; path: ArtifactPath } | { kind: 'lock' } | { kind: 'record'; name: string };

export class Staging {
  readonly dir: string;
  private readonly root: string;
  private readonly lockPath: string;
  private readonly moves: { staged: string; target: string; what: Target }[] = [];

  constructor(root: string, lockPath: string = defaultLockPath()) {
    mkdirSync(root, { recursive: true });
    this.root = resolve(root);
    this.lockPath = resolve(lockPath);
    this.dir = join(this.root, `${PREFIX}${process.pid}-${Date.now().toString(36)}`);
    exitCleanlyOnSignal();
    mkdirSync(this.dir);
    writeFileSync(join(this.dir, OWNER), ownerStamp());
    active.add(this);
  }

  /** Which known target `target` is; anything else is a mistake in the caller, never written. */
  private known(name: string, target: string): Target {
    const at = resolve(target);
    const path = ARTIFACT_PATHS.find((p) => p === name && join(this.root, p) === at);
    if (path) return { kind: 'artifact', path };
    if (name === LOCK_NAME && at === this.lockPath) return { kind: 'lock' };
    const record = basename(at);
    if (
      RECORD_NAME.test(record) &&
      name === `${HISTORY_DIR}/${record}` &&
      at === join(historyDir(this.lockPath), record)
    )
      return { kind: 'record', name: record };
    throw new Error(`staging: ${target} is none of the targets a swap may replace`);
  }

  /** Writes `bytes` into staging, to be moved to `target` by `commit()` (or only checked there, with no target). Returns the staged path. */
  stage(name: string, bytes: Uint8Array | string, target?: string): string {
    const what = target === undefined ? undefined : this.known(name, target);
    const staged = join(this.dir, name);
    mkdirSync(dirname(staged), { recursive: true });
    const fd = openSync(staged, 'wx');
    try {
      writeFileSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (target !== undefined && what !== undefined) this.moves.push({ staged, target, what });
    return staged;
  }

  /** Everything staged is verified: record the swap, then move every file into place, the lock last. */
  commit(): void {
    const order = (t: Target) => (t.kind === 'artifact' ? 0 : t.kind === 'record' ? 1 : 2);
    const moves = [...this.moves].sort((a, b) => order(a.what) - order(b.what));
    const newLock = moves.find((m) => m.what.kind === 'lock');
    const record = moves.find((m) => m.what.kind === 'record');
    const manifest: SwapManifest = {
      for: lockInPlace(this.lockPath, this.dir).digest,
      lock: newLock
        ? lockDigest(
            parseStrictJson(
              new TextDecoder().decode(readRegularFile(newLock.staged, { within: this.dir, maxBytes: MAX_LOCK_BYTES })),
            ) as unknown as Lock,
          )
        : null,
      record:
        record && record.what.kind === 'record'
          ? { name: record.what.name, sha256: sha256Hex(readRegularFile(record.staged, { within: this.dir })) }
          : null,
      files: moves.flatMap((m) => (m.what.kind === 'artifact' ? [m.what.path] : [])),
    };
    // What each artifact replaces is kept until the swap is complete, so a swap killed before its lock moved can be undone.
    if (manifest.lock !== null) {
      for (const p of manifest.files) {
        const old = regularBytes(join(this.root, p), this.root);
        if (old === undefined) continue;
        mkdirSync(dirname(join(this.dir, KEPT, p)), { recursive: true });
        writeFileSync(join(this.dir, KEPT, p), old);
      }
    }
    const path = join(this.dir, MANIFEST);
    writeFileSync(`${path}.tmp`, serialiseManifest(manifest));
    renameSync(`${path}.tmp`, path);
    for (const m of moves) move(m.staged, m.target);
    rmSync(this.dir, { recursive: true, force: true });
    this.release();
  }

  /** Drops everything staged; the targets are untouched. */
  discard(): void {
    rmSync(this.dir, { recursive: true, force: true });
    this.release();
  }

  private release(): void {
    active.delete(this);
  }
}
