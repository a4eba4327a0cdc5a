/**
 * Whether the run that made a staging folder still runs. A pid alone is not enough:
 * a process killed where no one reaps it (a container without an init) stays a zombie,
 * which `kill(pid, 0)` reports as alive for ever, and a pid is reused. So each folder
 * holds an OWNER file with the pid and the process's start time (Linux's /proc), and a
 * process counts as alive only while /proc shows it running, not a zombie, with that
 * start time. Where /proc is missing, `kill(pid, 0)` is all there is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRegularFile } from './files.ts';

export const OWNER = 'OWNER';

interface ProcState {
  readonly state: string;
  readonly start: string;
}

/** The state and start time of a process from /proc/<pid>/stat; null when there is no such process; undefined without /proc. */
function procState(pid: number): ProcState | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') {
      try {
        readFileSync('/proc/self/stat');
        return null;
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0] ?? '', start: rest[19] ?? '' };
}

/** This process's stamp, written into the folders it stages. */
export function ownerStamp(): string {
  return JSON.stringify({ pid: process.pid, start: procState(process.pid)?.start ?? null });
}

function killAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the run that made `dir` (pid from its name, stamp from its OWNER file) runs. */
export function ownerAlive(dir: string, pidFromName: number): boolean {
  let pid = pidFromName;
  let start: string | null = null;
  try {
    const stamp = JSON.parse(
      new TextDecoder().decode(readRegularFile(join(dir, OWNER), { within: dir, maxBytes: 200 })),
    ) as { pid?: unknown; start?: unknown };
    if (typeof stamp.pid === 'number') pid = stamp.pid;
    if (typeof stamp.start === 'string') start = stamp.start;
  } catch {
    // No stamp, or not a small regular file (a folder from an older run, or one put there): judged by the pid in its name.
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const proc = procState(pid);
  if (proc === undefined) return killAlive(pid);
  if (proc === null) return false;
  if (proc.state === 'Z' || proc.state === 'X') return false;
  return start === null || proc.start === start;
}
