/**
 * Before the audit is admitted, every build brings in what results/, index/ or
 * audit-sources/ lacks, the one way (bring-in.ts); a file there with other bytes is left
 * for admission to refuse. Run by the build's integration and by `npm run prepare-artifacts`.
 */
import { bringIn, originOf } from './bring-in.ts';
import { loadLock } from './load.ts';
import { artifactsRoot, auditMirror, lockPath } from './paths.ts';

/** Prepares the files; returns one line when it brought any in. */
export async function prepareArtifacts(): Promise<string[]> {
  const mirror = auditMirror();
  const { brought } = await bringIn(artifactsRoot(), loadLock(lockPath()), originOf(mirror), false);
  return brought ? [`brought in ${brought} file(s) from ${mirror ?? 'the download base'}`] : [];
}
