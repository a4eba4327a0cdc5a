/**
 * `npm run artifacts`: brings every lock entry in (from AUDIT_MIRROR or by download), admits and re-derives.
 * `-- --prove` downloads every entry and recomputes the change records; `-- --accept <commit>` or
 * `<path>=<commit>` (repeatable) writes the lock and one change record for git to commit.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { admitBytes } from '../src/admission/admit.ts';
import { acceptRevision, bringIn, originOf, parseAccept, proveLock } from '../src/admission/bring-in.ts';
import { loadLock } from '../src/admission/load.ts';
import { artifactsRoot, auditMirror, lockPath } from '../src/admission/paths.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';
import { rederive } from '../src/audit/assemble.ts';
import { assembleAudit } from '../src/audit/the-audit.ts';

try {
  const { values } = parseArgs({
    options: { prove: { type: 'boolean', default: false }, accept: { type: 'string', multiple: true } },
  });
  const root = artifactsRoot();
  const mirror = auditMirror();
  if (values.prove) {
    const proof = await proveLock(loadLock(lockPath()), lockPath());
    console.log(
      `proved: ${proof.files} file(s) downloaded at their commits hold the locked bytes; ` +
        `${proof.records} change record(s) recomputed from both sides and equal`,
    );
  } else if (values.accept) {
    const { record } = await acceptRevision(
      root,
      lockPath(),
      parseAccept(values.accept),
      originOf(mirror),
      (lock, files) => admitBytes(lock, files).then(rederive),
    );
    if (!record) console.log('nothing to accept: the files at those commits are the ones locked');
    else {
      const name = relative(process.cwd(), record);
      console.log(`accepted: wrote ${relative(process.cwd(), lockPath())} and ${name}`);
      console.log(`commit them: git add ${relative(process.cwd(), lockPath())} ${name} && git commit`);
    }
  } else {
    const { brought, present } = await bringIn(root, loadLock(lockPath()), originOf(mirror));
    console.log(`${brought} file(s) brought in from ${mirror ?? 'the download base'}, ${present} already present`);
    console.log(summarise(await assembleAudit({ root, lockPath: lockPath() })));
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
