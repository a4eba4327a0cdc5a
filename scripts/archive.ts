/**
 * `npm run archive -- assemble`  (the Pages workflow's build job, after the tests)
 *   Reads the archive branch, checks every revision in it against its manifest, builds this
 *   revision's permanent copy into archive-pending/ when the archive lacks it, and copies
 *   every revision into dist/r/. Writes `revision` and `pending` to $GITHUB_OUTPUT.
 * `npm run archive -- record [--from archive-pending]`  (the workflow's archive job)
 *   Adds the pending revision to the archive branch, as a commit that only adds it, and pushes.
 * The branch lives in ARCHIVE_REMOTE; on GitHub Actions, the workflow's own repository.
 * See docs/citing-and-archive.md.
 */
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadLock } from '../src/admission/admit.ts';
import { lockDigest, shortDigest } from '../src/admission/lock-digest.ts';
import { lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { siteSettings } from '../src/site/settings.ts';
import { assembleInto, buildPermanentCopy, checkoutArchive, npmBuild, recordRevision, revisionsIn } from './lib/archive.ts';

function remote(env: NodeJS.ProcessEnv): string {
  if (env['ARCHIVE_REMOTE']) return env['ARCHIVE_REMOTE'];
  // On the runner the checkout keeps no credentials: the job's token is given for this alone.
  if (env['GITHUB_TOKEN'] && env['GITHUB_REPOSITORY']) return `https://x-access-token:${env['GITHUB_TOKEN']}@github.com/${env['GITHUB_REPOSITORY']}.git`;
  return 'origin';
}

try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: 'string', default: 'archive-pending' } } });
  const project = process.cwd();
  const digest = lockDigest(loadLock(lockPath()));
  const revision = shortDigest(digest);
  const where = remote(process.env);
  if (positionals[0] === 'assemble') {
    const { base } = siteSettings();
    const pending = join(project, 'archive-pending');
    rmSync(pending, { recursive: true, force: true });
    const archive = checkoutArchive(where);
    try {
      const held = revisionsIn(archive.dir);
      if (!held.includes(revision)) buildPermanentCopy(project, revision, base, pending, npmBuild(project));
      const all = assembleInto(join(project, 'dist'), archive.dir, ...(existsSync(pending) ? [pending] : []));
      console.log(`archive: ${held.length} revision(s) from the archive branch${archive.commit ? ` at ${archive.commit.slice(0, 12)}` : ' (none yet)'}, each as its manifest lists; ${held.includes(revision) ? `${revision} already among them` : `${revision} built anew under ${base}r/${revision}/`}; dist/r/ holds ${all.join(', ')}`);
      if (process.env['GITHUB_OUTPUT']) appendFileSync(process.env['GITHUB_OUTPUT'], `revision=${revision}\npending=${!held.includes(revision)}\n`);
    } finally {
      archive.dispose();
    }
  } else if (positionals[0] === 'record') {
    const from = values.from!;
    if (!existsSync(join(from, 'r', revision))) {
      console.log(`archive: nothing pending in ${from} for ${revision}`);
    } else {
      const done = recordRevision(where, from, revision, `Archive revision ${revision}: the site as first published for artifact lock ${digest}`);
      console.log(`archive: ${revision} ${done}`);
    }
  } else {
    throw new Error(`expected "assemble" or "record"; found ${JSON.stringify(positionals[0] ?? '')}`);
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
