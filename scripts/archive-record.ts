/**
 * `node scripts/archive-record.ts <folder>`: the Pages workflow's archive job. Adds the one
 * revision in <folder> (r/<revision>/ and its manifest, as `npm run archive -- assemble` built
 * it) to the site-archive branch, as a commit that only adds it, and pushes. Needs Node and git
 * only (no install): the job runs none of the project's build.
 */
import { recordRevision, revisionsIn } from './lib/archive.ts';
import { archiveRemote } from './lib/archive-remote.ts';

const from = process.argv[2] ?? 'archive-pending';
try {
  const revisions = revisionsIn(from);
  if (revisions.length !== 1)
    throw new Error(
      `${from}: expected the one revision the build job made; found ${revisions.length} (${revisions.join(', ')})`,
    );
  const [revision] = revisions as [string];
  console.log(
    `archive: ${revision} ${recordRevision(archiveRemote(process.env), from, revision, `Archive revision ${revision}: the site as first published for it`)}`,
  );
} catch (e) {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
