/**
 * The raw file host the tests download from: the audit's mirror (AUDIT_MIRROR_DIR, default
 * ../shared/audit-mirror) served on loopback in a process of its own, so a caller may drive the
 * command line with spawnSync while it answers; else the host the environment names.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Host {
  /** The environment that points downloads at it. */
  readonly env: { readonly AUDIT_DOWNLOAD_BASE: string; readonly AUDIT_DOWNLOAD_INSECURE?: string };
  stop(): void;
}

export async function rawHost(
  dir = resolve(import.meta.dirname, '../..', process.env['AUDIT_MIRROR_DIR'] ?? '../shared/audit-mirror'),
): Promise<Host> {
  if (!existsSync(dir)) {
    const { AUDIT_DOWNLOAD_BASE = 'https://raw.githubusercontent.com/', AUDIT_DOWNLOAD_INSECURE } = process.env;
    return { env: { AUDIT_DOWNLOAD_BASE, ...(AUDIT_DOWNLOAD_INSECURE ? { AUDIT_DOWNLOAD_INSECURE } : {}) }, stop() {} };
  }
  const child = spawn(process.execPath, [join(import.meta.dirname, 'audit-mirror-server.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    child.stdout.once('data', (d: Buffer) => done(d.toString().trim()));
    child.once('exit', (code) => fail(new Error(`the mirror stopped (exit ${code})`)));
  });
  // Neither the server nor its pipe keeps the caller alive, and the server goes with the process that started it.
  child.stdout.destroy();
  child.unref();
  process.once('exit', () => child.kill());
  return { env: { AUDIT_DOWNLOAD_BASE: url, AUDIT_DOWNLOAD_INSECURE: '1' }, stop: () => child.kill() };
}
