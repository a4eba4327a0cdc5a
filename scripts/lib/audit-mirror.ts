/**
 * The raw file host stood in for on loopback: a folder laid out as
 * `<repository>/<commit>/<path>` served over HTTP on 127.0.0.1, in a process of its own
 * (so a caller may drive the command line with spawnSync while it answers). `serveMirror`
 * serves the audit's mirror (AUDIT_MIRROR_DIR, default ../shared/audit-mirror beside the
 * clone); `startMirror` serves a temp folder of given files (small synthetic ones in tests).
 * `rawHost` is the host the tests download from: that mirror when it is there, else the host
 * the environment names, as the build downloads (the rehearsal's stand-in, or GitHub's host).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface MirrorFile {
  readonly repository: string;
  readonly commit: string;
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface Host {
  /** The environment that points downloads at it. */
  readonly env: { readonly AUDIT_DOWNLOAD_BASE: string; readonly AUDIT_DOWNLOAD_INSECURE?: string };
  stop(): void;
}

export interface Mirror extends Host {
  readonly env: { readonly AUDIT_DOWNLOAD_BASE: string; readonly AUDIT_DOWNLOAD_INSECURE: '1' };
  /** The folder it serves. */
  readonly dir: string;
  add(file: MirrorFile): void;
  stop(): void;
}

export const AUDIT_REPOSITORY = 'DataScienceVishal/trail-scorer-audit';

/** The audit's mirror folder: AUDIT_MIRROR_DIR, default ../shared/audit-mirror beside the project. */
export const mirrorDir = (project = resolve(import.meta.dirname, '../..')): string =>
  resolve(project, process.env['AUDIT_MIRROR_DIR'] ?? '../shared/audit-mirror');

async function serveDir(dir: string, onStop: () => void): Promise<Mirror> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'audit-mirror-server.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    child.stdout.once('data', (d: Buffer) => done(d.toString().trim()));
    child.once('exit', (code) => fail(new Error(`the mirror stopped (exit ${code})`)));
  });
  // Neither the server nor its pipe keeps the caller alive; it prints nothing after its address.
  child.stdout.destroy();
  child.unref();
  // Never left behind: the server goes with the process that started it, however that ends.
  process.once('exit', () => child.kill());
  const add = (f: MirrorFile) => {
    const at = join(dir, f.repository, f.commit, f.path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, f.bytes);
  };
  return {
    env: { AUDIT_DOWNLOAD_BASE: url, AUDIT_DOWNLOAD_INSECURE: '1' },
    dir,
    add,
    stop: () => {
      child.kill();
      onStop();
    },
  };
}

/** Serves the audit's mirror folder, read only (add() is for temp mirrors). */
export const serveMirror = (dir = mirrorDir()): Promise<Mirror> => serveDir(dir, () => {});

/** The audit's mirror served on loopback when the folder is there, else the download host the environment names. */
export async function rawHost(dir = mirrorDir()): Promise<Host> {
  if (existsSync(dir)) return serveMirror(dir);
  const { AUDIT_DOWNLOAD_BASE = 'https://raw.githubusercontent.com/', AUDIT_DOWNLOAD_INSECURE } = process.env;
  return {
    env: { AUDIT_DOWNLOAD_BASE, ...(AUDIT_DOWNLOAD_INSECURE ? { AUDIT_DOWNLOAD_INSECURE } : {}) },
    stop: () => {},
  };
}

/** Starts a mirror holding `files` in a temp folder, removed on stop(). */
export async function startMirror(files: readonly MirrorFile[]): Promise<Mirror> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-mirror-'));
  const mirror = await serveDir(dir, () => rmSync(dir, { recursive: true, force: true }));
  files.forEach(mirror.add);
  return mirror;
}
