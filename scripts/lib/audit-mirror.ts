/**
 * A stand-in for the audit's repository on loopback, for the downloads that bring the
 * artifacts in and that prove a credited commit holds a file's bytes: files laid out as
 * `<repository>/<commit>/<path>`, as the download base serves them. It runs in a process of
 * its own, so a caller may drive the command line with spawnSync while it answers. Used by
 * the tests and by the Pages dry run, which cannot reach the audit's repository.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface MirrorFile {
  readonly repository: string;
  readonly commit: string;
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface Mirror {
  /** The environment that points downloads at it. */
  readonly env: { readonly AUDIT_DOWNLOAD_BASE: string; readonly AUDIT_DOWNLOAD_INSECURE: '1' };
  add(file: MirrorFile): void;
  stop(): void;
}

export const AUDIT_REPOSITORY = 'DataScienceVishal/trail-scorer-audit';

/**
 * The audit's files at the commits their SOURCE.md tables name: the current six in `artifacts`,
 * and each earlier revision in `revisions` (beside them by default).
 */
export function auditFiles(
  artifacts: string,
  revisions = join(dirname(artifacts), 'trail-scorer-audit-revisions'),
): MirrorFile[] {
  const SHARED = artifacts;
  const REVISIONS = revisions;
  const rows = (sourceMd: string) =>
    readFileSync(sourceMd, 'utf8')
      .split('\n')
      .map((l) => /^\| ([^ |]+\.json) \| ([0-9a-f]{40}) \|/.exec(l))
      .filter((m) => m !== null);
  const current = rows(join(SHARED, 'SOURCE.md')).map((m) => ({
    repository: AUDIT_REPOSITORY,
    commit: m[2]!,
    path: m[1]!,
    bytes: readFileSync(join(SHARED, m[1]!)),
  }));
  let earlier: MirrorFile[] = [];
  try {
    readdirSync(REVISIONS);
    earlier = rows(join(REVISIONS, 'SOURCE.md')).map((m) => ({
      repository: AUDIT_REPOSITORY,
      commit: m[2]!,
      path: m[1]!.replace(/^[0-9a-f]{40}\//, ''),
      bytes: readFileSync(join(REVISIONS, m[1]!)),
    }));
  } catch {
    // No earlier revisions beside the project.
  }
  return [...current, ...earlier];
}

/** Starts a mirror holding `files`. */
export async function startMirror(files: readonly MirrorFile[]): Promise<Mirror> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-mirror-'));
  const add = (f: MirrorFile) => {
    const at = join(dir, f.repository, f.commit, f.path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, f.bytes);
  };
  files.forEach(add);
  const child = spawn(process.execPath, [join(import.meta.dirname, 'audit-mirror-server.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the mirror stopped (exit ${code})`)));
  });
  child.unref();
  // Never left behind: the server goes with the process that started it, however that ends.
  process.once('exit', () => child.kill());
  return {
    env: { AUDIT_DOWNLOAD_BASE: url, AUDIT_DOWNLOAD_INSECURE: '1' },
    add,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
