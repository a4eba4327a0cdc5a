/**
 * `npm run archive -- assemble` (docs/citing-and-archive.md): every revision on the site-archive branch into
 * dist/r/; when it lacks this one, its permanent copy built into archive-pending/ and dist/r/ too, and
 * `pending=true` written to $GITHUB_OUTPUT for the archive job (scripts/archive-record.ts).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLock } from '../src/admission/load.ts';
import { lockDigest, shortDigest } from '../src/admission/lock-digest.ts';
import { lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { siteSettings } from '../src/site/settings.ts';
import { archiveFolder } from '../src/site/permanent.ts';
import { archiveRemote, manifestOf, readArchive, readFolder, writeRevision } from './lib/archive.ts';

try {
  if (process.argv[2] !== 'assemble')
    throw new Error(`expected "assemble" (recording is scripts/archive-record.ts); found "${process.argv[2] ?? ''}"`);
  const revision = shortDigest(await lockDigest(loadLock(lockPath())));
  const { base } = siteSettings();
  if (existsSync('dist/r'))
    throw new Error('dist/r/: expected no such folder in the live build: r/ holds the permanent copies alone');
  const archive = readArchive(archiveRemote(process.env));
  try {
    for (const [r, files] of archive.revisions) writeRevision('dist', r, files);
    const pending = !archive.revisions.has(revision);
    if (pending) {
      const out = join('archive-pending', 'r', revision);
      rmSync('archive-pending', { recursive: true, force: true });
      execFileSync('npm', ['run', '--silent', 'build', '--', '--outDir', out], {
        env: { ...process.env, SITE_BASE: base + archiveFolder(revision) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const files = readFolder(out);
      writeFileSync(join('archive-pending', 'r', `${revision}.sha256`), manifestOf(files));
      writeRevision('dist', revision, files);
    }
    console.log(
      `archive: ${archive.revisions.size} revision(s) on the branch${archive.commit ? ` at ${archive.commit.slice(0, 12)}` : ' (none yet)'}, each as its manifest lists; ${pending ? `${revision} built anew under ${base}${archiveFolder(revision)}` : `${revision} already among them`}`,
    );
    if (process.env['GITHUB_OUTPUT']) appendFileSync(process.env['GITHUB_OUTPUT'], `pending=${pending}\n`);
  } finally {
    archive.dispose();
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
