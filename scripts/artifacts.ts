/**
 * `npm run artifacts -- [--from <dir>] [--update-lock] [--commit <sha> | --commit <path>=<sha> ...] | --prove`
 * Brings the six artifacts into results/ and index/, verified against the lock;
 * without --from it downloads them at their locked commits. --update-lock accepts the
 * bytes in <dir> as the new lock (the one deliberate way to change what is admitted)
 * and writes a change record beside it (audit-changes/) when the lock changes,
 * crediting each file to the commit that holds it: from a clean git checkout given to
 * --from, or named with --commit, and only with proof that the audit's repository holds
 * those bytes there (src/admission/commit-proof.ts). Nothing is changed unless everything
 * is admitted and re-derived. --prove (online) downloads every commit the lock and the
 * change records name and recomputes each record (src/admission/prove-history.ts).
 */
import { parseArgs } from 'node:util';
import { relative } from 'node:path';
import { loadLock } from '../src/admission/admit.ts';
import {
  bringInByDownload,
  bringInFrom,
  creditsToProve,
  downloadAt,
  fetchProofs,
  parseCommitOptions,
  updateLock,
} from '../src/admission/bring-in.ts';
import { proveHistory } from '../src/admission/prove-history.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { assembleAudit } from '../src/audit/assemble.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';
import { exitCleanlyOnSignal, recoverInterrupted } from '../src/admission/staging.ts';

exitCleanlyOnSignal();
try {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'update-lock': { type: 'boolean', default: false },
      commit: { type: 'string', multiple: true },
      prove: { type: 'boolean', default: false },
    },
  });
  const root = artifactsRoot();
  for (const line of recoverInterrupted(root)) console.log(`note: ${line}`);
  const commits = values.commit ?? [];
  if (commits.length && !values['update-lock'])
    throw new Error('--commit names the source commit of files accepted with --update-lock; add --update-lock');
  if (values.prove) {
    // Online: every commit the lock and the change records name, downloaded and compared; each record's changes recomputed.
    const lock = loadLock(lockPath());
    const audit = assembleAudit({ root, lockPath: lockPath() });
    const proof = await proveHistory(
      relative(process.cwd(), lockPath()) || 'artifacts.lock.json',
      lock,
      audit.history,
      (repository, commit, path) => downloadAt(repository, commit, path),
    );
    console.log(
      `proved: ${proof.files} file(s) at their credited commits hold the recorded bytes; ${proof.records} change record(s) recomputed from both sides and equal`,
    );
  } else if (values['update-lock']) {
    if (!values.from) throw new Error('--update-lock needs --from <dir>: the lock is rewritten from the files given');
    const named = parseCommitOptions(commits);
    // Each credited commit is proven before the lock names it: by downloading the file at that commit, or by the checkout's own git.
    const proofs = await fetchProofs(creditsToProve(values.from, loadLock(lockPath()), named));
    const { changes, kept, audit, record } = updateLock(values.from, lockPath(), {
      root,
      commits: named,
      proofs,
      record: { root },
      verify: assembleAudit,
    });
    console.log(
      changes.length
        ? `lock updated:\n  ${changes.join('\n  ')}`
        : 'lock unchanged: the files given are the ones locked',
    );
    for (const k of kept) console.log(`  note: ${k}`);
    if (record) console.log(`change recorded: ${relative(process.cwd(), record)} (commit it with the lock)`);
    console.log(`copied ${audit.files.length} artifacts from ${values.from}`);
    console.log(summarise(audit));
  } else if (values.from) {
    const audit = bringInFrom(values.from, root, loadLock(lockPath()), lockPath(), assembleAudit);
    console.log(`copied ${audit.files.length} artifacts from ${values.from}`);
    console.log(summarise(audit));
  } else {
    const audit = await bringInByDownload(root, loadLock(lockPath()), lockPath(), assembleAudit);
    console.log(`downloaded ${audit.files.length} artifacts at their locked commits`);
    console.log(summarise(audit));
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
