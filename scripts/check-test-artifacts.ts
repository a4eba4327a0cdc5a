/**
 * The first step of `npm test`: the tests read the audit's real files from this checkout
 * (results/, index/, audit-sources/). They are brought in the one way, downloaded from the
 * audit's mirror (AUDIT_MIRROR_DIR, default ../shared/audit-mirror) served on loopback and
 * checked against the lock; a second run finds them present and does nothing more.
 */
import { bringIn } from '../src/admission/bring-in.ts';
import { loadLock } from '../src/admission/load.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { mirrorDir, serveMirror } from './lib/audit-mirror.ts';

const project = process.cwd();
const root = artifactsRoot();
const mirror = await serveMirror(mirrorDir(project));
try {
  const { brought } = await bringIn(root, loadLock(lockPath()), { base: mirror.env.AUDIT_DOWNLOAD_BASE });
  if (brought) console.log(`test artifacts: ${brought} file(s) brought in from the mirror at ${mirrorDir(project)}`);
} catch (e) {
  process.exitCode = reportRefusal(e);
  console.error(`hint: the tests bring the audit's files from AUDIT_MIRROR_DIR (here ${mirrorDir(project)}).`);
} finally {
  mirror.stop();
}
