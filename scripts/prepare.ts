/**
 * The first step of `npm run build` and `npm run dev`: check the settings (a bad
 * SITE_BASE or SITE_URL stops here, in one line), then bring the artifacts in when
 * results/ or index/ lacks them (from AUDIT_ARTIFACTS, else by download), all
 * verified against the lock and admitted as a set before any is moved in. The build's
 * own admission runs once, inside Astro (src/guards/integration.ts), which hands the
 * audit down to the pages.
 */
import { loadLock } from '../src/admission/admit.ts';
import { anyMissing, bringInByDownload, bringInFrom } from '../src/admission/bring-in.ts';
import { AdmissionError } from '../src/admission/errors.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { readSiteRevision } from '../src/admission/site-revision.ts';
import { exitCleanlyOnSignal, recoverInterrupted } from '../src/admission/staging.ts';
import { siteSettings } from '../src/site/settings.ts';

exitCleanlyOnSignal();
try {
  siteSettings();
  const root = artifactsRoot();
  for (const line of recoverInterrupted(root)) console.log(`artifacts: ${line}`);
  if (anyMissing(root)) {
    const lock = loadLock(lockPath());
    const from = process.env['AUDIT_ARTIFACTS'];
    if (from) {
      bringInFrom(from, root, lock, lockPath());
      console.log(`artifacts: copied from AUDIT_ARTIFACTS=${from}`);
    } else {
      try {
        await bringInByDownload(root, lock, lockPath());
        console.log('artifacts: downloaded at their locked commits');
      } catch (e) {
        if (!(e instanceof AdmissionError) || e.check !== 'presence') throw e;
        console.error(
          `error: results/ or index/ is missing artifacts and the download failed: ${e.message}\n` +
            'hint: point the build at a local copy laid out like the audit repository, e.g.\n' +
            '  AUDIT_ARTIFACTS=../shared/trail-scorer-audit npm run build\n' +
            'or bring them in once with `npm run artifacts -- --from <dir>`.',
        );
        process.exit(1);
      }
    }
  }
  // Every page names the commit it was built from; stop now if that cannot be known.
  const site = readSiteRevision(process.cwd());
  console.log(`site revision: ${site.label} of ${site.date} (from ${site.from})`);
} catch (e) {
  process.exitCode = reportRefusal(e);
}
