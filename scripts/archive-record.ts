/** `node scripts/archive-record.ts <folder>`: the archive job adds <folder>'s one revision to the branch (Node and git only). */
import { archiveRemote, recordRevision } from './lib/archive.ts';

try {
  console.log(`archive: ${recordRevision(archiveRemote(process.env), process.argv[2] ?? 'archive-pending')}`);
} catch (e) {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
