/**
 * All or nothing for results/, index/ and the lock. New bytes are written into a
 * staging folder inside the artifacts root (same filesystem, so a rename is a move,
 * never a copy), verified there as a whole, and only then renamed into place. The
 * renames run synchronously after a manifest is written, so a signal cannot land
 * between them; a process killed outright (SIGKILL, power loss) leaves the manifest,
 * and the next run finishes the swap it names. A staging folder without a manifest
 * was never verified and is deleted. SIGINT, SIGTERM and SIGHUP delete it and exit,
 * leaving the targets exactly as they were.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PREFIX = '.artifacts-staging-';
const MANIFEST = 'SWAP.json';

interface Move {
  readonly staged: string;
  readonly target: string;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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

function finish(dir: string): void {
  const moves = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Move[];
  for (const m of moves) {
    try {
      move(m.staged, m.target);
    } catch (e) {
      // Already moved by the interrupted run.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Settles what an earlier run left under `root`: finishes a verified swap it was
 * killed in the middle of, deletes staging it never verified. Returns what it did.
 */
export function recoverInterrupted(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const done: string[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (alive(pid)) continue;
    const dir = join(root, name);
    let verified = false;
    try {
      readFileSync(join(dir, MANIFEST));
      verified = true;
    } catch {
      verified = false;
    }
    if (verified) {
      finish(dir);
      done.push(`finished a verified swap an interrupted run left in ${dir}`);
    } else {
      rmSync(dir, { recursive: true, force: true });
      done.push(`deleted unverified staging an interrupted run left in ${dir}`);
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

export class Staging {
  readonly dir: string;
  private readonly moves: Move[] = [];

  constructor(root: string) {
    mkdirSync(root, { recursive: true });
    this.dir = join(root, `${PREFIX}${process.pid}-${Date.now().toString(36)}`);
    exitCleanlyOnSignal();
    mkdirSync(this.dir);
    active.add(this);
  }

  /** Writes `bytes` into staging, to be moved to `target` by `commit()` (or only checked there, with no target). Returns the staged path. */
  stage(name: string, bytes: Uint8Array | string, target?: string): string {
    const staged = join(this.dir, name);
    mkdirSync(dirname(staged), { recursive: true });
    const fd = openSync(staged, 'wx');
    try {
      writeFileSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (target !== undefined) this.moves.push({ staged, target });
    return staged;
  }

  /** Everything staged is verified: record the swap, then move every file into place. */
  commit(): void {
    const manifest = join(this.dir, MANIFEST);
    writeFileSync(`${manifest}.tmp`, JSON.stringify(this.moves));
    renameSync(`${manifest}.tmp`, manifest);
    finish(this.dir);
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
