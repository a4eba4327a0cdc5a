/** Admission's node side: each file read from disk as a regular file, no further than the lock admits. */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { admitBytes, parseLock } from './admit.ts';
import { AdmissionError } from './errors.ts';
import { HISTORY_DIR } from './history.ts';
import { historyDir } from './paths.ts';
import { MAX_ARTIFACT_BYTES, type Lock } from './schemas.ts';
import type { Admitted } from './types.ts';

/** A regular file's bytes, at most `cap`. O_NONBLOCK: a FIFO must not wait for a writer; O_NOFOLLOW: no link. */
export function readCapped(full: string, name: string, cap: number): Uint8Array {
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const found = code === 'ENOENT' ? 'nothing there' : code === 'ELOOP' ? 'a symbolic link' : `${code}`;
    throw new AdmissionError('presence', name, '', `a regular file at ${full}`, found);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new AdmissionError('presence', name, '', `a regular file at ${full}`, 'a folder, FIFO or device');
    if (stat.size > cap) throw new AdmissionError('digest', name, '', `at most ${cap} bytes`, `${stat.size} bytes`);
    const bytes = new Uint8Array(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export const loadLock = (path: string): Lock => parseLock(readCapped(path, 'artifacts.lock.json', 1024 * 1024));

/** The change records beside the lock, keyed `audit-changes/<name>`. */
export function readHistory(lockFile: string): Map<string, Uint8Array> {
  const dir = historyDir(lockFile);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return new Map();
  }
  return new Map(
    names.map((n) => [`${HISTORY_DIR}/${n}`, readCapped(join(dir, n), `${HISTORY_DIR}/${n}`, MAX_ARTIFACT_BYTES)]),
  );
}

/** Admits the files under `root` against the lock at `lockFile`. */
export async function admitFromDisk(root: string, lockFile: string): Promise<Admitted> {
  const lock = loadLock(lockFile);
  const files = readHistory(lockFile);
  for (const f of lock.files) files.set(f.path, readCapped(join(root, f.path), f.path, f.bytes));
  return admitBytes(lock, files);
}
