/**
 * The first step of `npm test`: the audit's real files the tests read, downloaded from the raw host (the
 * mirror served on loopback when there is one) and checked against the lock; present ones are left alone.
 */
import { bringIn } from '../src/admission/bring-in.ts';
import { loadLock } from '../src/admission/load.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { rawHost } from './lib/audit-mirror.ts';

const root = artifactsRoot();
const host = await rawHost();
try {
  const { brought } = await bringIn(root, loadLock(lockPath()), { base: host.env.AUDIT_DOWNLOAD_BASE });
  if (brought) console.log(`test artifacts: ${brought} file(s) brought in from ${host.env.AUDIT_DOWNLOAD_BASE}`);
} catch (e) {
  process.exitCode = reportRefusal(e);
  console.error(`hint: the tests bring the audit's files from AUDIT_MIRROR_DIR, else from AUDIT_DOWNLOAD_BASE.`);
} finally {
  host.stop();
}
