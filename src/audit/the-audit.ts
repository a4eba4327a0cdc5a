/**
 * The one audit the pages read, assembled on first use and kept for the rest of the process. The
 * integration and the pages' bundle each import their own copy of this module, so each assembles the
 * same files once; importing a page or a component reads no artifact until it renders.
 */
import { artifactsRoot, lockPath } from '../admission/paths.ts';
import { assembleAudit, type Audit } from './assemble.ts';

let audit: Promise<Audit> | undefined;

export function theAudit(): Promise<Audit> {
  return (audit ??= assembleAudit({ root: artifactsRoot(), lockPath: lockPath() }));
}
