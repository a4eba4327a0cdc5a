/**
 * Before the audit is admitted: finish or undo an interrupted swap, then bring the
 * artifacts in when results/ or index/ lacks them: from AUDIT_ARTIFACTS, else from the
 * copy beside the project (../shared/trail-scorer-audit) when it is there, else by
 * download, all verified against the lock and admitted as a set before any is moved in.
 * Run by the build's integration (so `npm run build`, `astro build` and `astro dev` do
 * the same) and by `npm run prepare-artifacts`. Refusals are thrown, never printed here.
 */
import { existsSync } from 'node:fs';
import { AdmissionError } from './errors.ts';
import { artifactsRoot, auditCopy, lockPath } from './paths.ts';
import { anyMissing } from './presence.ts';
import { recoverInterrupted } from './staging.ts';
import { loadLock } from './admit.ts';
import { bringInByDownload, bringInFrom } from './bring-in.ts';

/** Prepares the artifacts; returns one line for each thing it did. */
export async function prepareArtifacts(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const root = artifactsRoot();
  const done = recoverInterrupted(root);
  if (!anyMissing(root)) return done;
  const lock = loadLock(lockPath());
  // AUDIT_ARTIFACTS names the copy; unset, the one beside the project if it is there; set empty, download.
  const named = env['AUDIT_ARTIFACTS'];
  const from = named === '' ? undefined : named !== undefined || existsSync(auditCopy()) ? auditCopy() : undefined;
  if (from) {
    bringInFrom(from, root, lock, lockPath());
    return [...done, `copied from ${from}`];
  }
  try {
    await bringInByDownload(root, lock, lockPath());
  } catch (e) {
    if (!(e instanceof AdmissionError) || e.check !== 'presence') throw e;
    // Say which sources were tried: the download was the last one left, or the one asked for.
    const tried =
      named === ''
        ? 'the download AUDIT_ARTIFACTS= (empty) asks for'
        : `a copy at ${auditCopy()} (not there; AUDIT_ARTIFACTS names another) or the download`;
    throw new AdmissionError(
      'presence',
      e.file,
      e.pointer,
      `the artifacts from ${tried}`,
      `${e.found}, from ${e.expected.replace(/^a download from /, '')}`,
    );
  }
  return [...done, 'downloaded at their locked commits'];
}
