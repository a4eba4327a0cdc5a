/**
 * The first step of `npm run build` and `npm run dev`: check the settings (a bad
 * SITE_BASE or SITE_URL stops here, in one line), then bring the artifacts in when
 * results/ or index/ lacks them (from AUDIT_ARTIFACTS, else by download), all
 * verified against the lock and admitted as a set before any is moved in. The build's
 * own admission runs once, inside Astro (src/guards/integration.ts), which hands the
 * audit down to the pages and refuses there if the site's own commit cannot be known.
 *
 * `npm run build` runs prepare() in its own process (scripts/build.ts); `npm run dev`
 * and `npm run prepare-artifacts` run this file.
 */
import { AdmissionError } from '../src/admission/errors.ts';
import { existsSync } from 'node:fs';
import { artifactsRoot, auditCopy, lockPath } from '../src/admission/paths.ts';
import { anyMissing } from '../src/admission/presence.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { exitCleanlyOnSignal, recoverInterrupted } from '../src/admission/staging.ts';
import { siteSettings } from '../src/site/settings.ts';

/** Runs the step and returns its exit code (0, or 1 after one message on stderr). */
export async function prepare(): Promise<number> {
  try {
    siteSettings();
    const root = artifactsRoot();
    for (const line of recoverInterrupted(root)) console.log(`artifacts: ${line}`);
    return anyMissing(root) ? await bringIn(root) : 0;
  } catch (e) {
    return reportRefusal(e);
  }
}

/**
 * Brings the artifacts in and returns the exit code. The admission code is loaded only
 * here: a build whose artifacts are in place never needs it before Astro.
 */
async function bringIn(root: string): Promise<number> {
  const [{ loadLock }, { bringInByDownload, bringInFrom }] = await Promise.all([import('../src/admission/admit.ts'), import('../src/admission/bring-in.ts')]);
  const lock = loadLock(lockPath());
  // The copy AUDIT_ARTIFACTS names, else the one beside the project if it is there; AUDIT_ARTIFACTS= (empty) downloads.
  const named = process.env['AUDIT_ARTIFACTS'];
  const from = named === '' ? undefined : named !== undefined || existsSync(auditCopy()) ? auditCopy() : undefined;
  if (from) {
    bringInFrom(from, root, lock, lockPath());
    console.log(`artifacts: copied from ${from}`);
    return 0;
  }
  try {
    await bringInByDownload(root, lock, lockPath());
    console.log('artifacts: downloaded at their locked commits');
    return 0;
  } catch (e) {
    if (!(e instanceof AdmissionError) || e.check !== 'presence') throw e;
    console.error(
      `error: results/ or index/ is missing artifacts and the download failed: ${e.message}\n` +
        'hint: point the build at a local copy laid out like the audit repository, e.g.\n' +
        '  AUDIT_ARTIFACTS=../shared/trail-scorer-audit npm run build\n' +
        'or bring them in once with `npm run artifacts -- --from <dir>`.',
    );
    return 1;
  }
}

if (import.meta.main) {
  exitCleanlyOnSignal();
  process.exitCode = await prepare();
}
