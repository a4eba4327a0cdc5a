/**
 * `npm run archive -- assemble`  (the Pages workflow's build job, after the tests)
 *   Reads the archive branch, checks every revision in it against its manifest, builds this
 *   revision's permanent copy into archive-pending/ when the archive lacks it, and copies
 *   every revision into dist/r/. Writes `revision` and `pending` to $GITHUB_OUTPUT.
 * The workflow's archive job then records what was built (scripts/archive-record.ts).
 * The branch lives in ARCHIVE_REMOTE; on GitHub Actions, the workflow's own repository.
 * See docs/citing-and-archive.md.
 */
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadLock } from '../src/admission/load.ts';
import { lockDigest, shortDigest } from '../src/admission/lock-digest.ts';
import { lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { siteSettings } from '../src/site/settings.ts';
import { archiveRemote } from './lib/archive-remote.ts';
import { assembleInto, buildPermanentCopy, checkoutArchive, npmBuild, revisionsIn } from './lib/archive.ts';

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const project = process.cwd();
  const digest = await lockDigest(loadLock(lockPath()));
  const revision = shortDigest(digest);
  const where = archiveRemote(process.env);
  if (positionals[0] === 'assemble') {
    const { base } = siteSettings();
    const pending = join(project, 'archive-pending');
    rmSync(pending, { recursive: true, force: true });
    const archive = checkoutArchive(where);
    try {
      const held = revisionsIn(archive.dir);
      if (!held.includes(revision)) buildPermanentCopy(project, revision, base, pending, npmBuild(project));
      const all = assembleInto(join(project, 'dist'), archive.dir, ...(existsSync(pending) ? [pending] : []));
      console.log(
        `archive: ${held.length} revision(s) from the archive branch${archive.commit ? ` at ${archive.commit.slice(0, 12)}` : ' (none yet)'}, each as its manifest lists; ${held.includes(revision) ? `${revision} already among them` : `${revision} built anew under ${base}r/${revision}/`}; dist/r/ holds ${all.join(', ')}`,
      );
      if (process.env['GITHUB_OUTPUT'])
        appendFileSync(process.env['GITHUB_OUTPUT'], `revision=${revision}\npending=${!held.includes(revision)}\n`);
    } finally {
      archive.dispose();
    }
  } else {
    throw new Error(
      `expected "assemble" (recording is scripts/archive-record.ts); found ${JSON.stringify(positionals[0] ?? '')}`,
    );
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
