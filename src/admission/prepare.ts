/** What every build does first (and `npm run prepare-artifacts`): bring in the files missing, leave the rest. */
import { bringIn, originOf } from './bring-in.ts';
import { loadLock } from './load.ts';
import { artifactsRoot, auditMirror, lockPath } from './paths.ts';

/** Prepares the files; returns one line when it brought any in. */
export async function prepareArtifacts(): Promise<string[]> {
  const mirror = auditMirror();
  const { brought } = await bringIn(artifactsRoot(), loadLock(lockPath()), originOf(mirror), false);
  return brought ? [`brought in ${brought} file(s) from ${mirror ?? 'the download base'}`] : [];
}
