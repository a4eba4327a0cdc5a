/**
 * `node scripts/archive-record.ts <folder>`: the Pages workflow's archive job. Adds the one revision
 * in <folder> (as `npm run archive -- assemble` built it) to the site-archive branch as a commit that
 * only adds it, and pushes. Needs Node and git only: the job installs and builds nothing.
 */
import { archiveRemote, recordRevision } from './lib/archive.ts';

try {
  console.log(`archive: ${recordRevision(archiveRemote(process.env), process.argv[2] ?? 'archive-pending')}`);
} catch (e) {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
