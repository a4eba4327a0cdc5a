/** The audit the pages read, assembled on first use (once per copy of this module: the integration's, the pages'). */
import { admitFromDisk } from '../admission/load.ts';
import { artifactsRoot, lockPath } from '../admission/paths.ts';
import { rederive, type Audit } from './assemble.ts';

/** Admission from disk, then re-derivation: what the build, `npm run verify` and the tests run. */
export async function assembleAudit(options: { readonly root: string; readonly lockPath: string }): Promise<Audit> {
  return rederive(await admitFromDisk(options.root, options.lockPath));
}

let audit: Promise<Audit> | undefined;

export function theAudit(): Promise<Audit> {
  return (audit ??= assembleAudit({ root: artifactsRoot(), lockPath: lockPath() }));
}
