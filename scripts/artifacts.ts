/**
 * `npm run artifacts -- [--from <dir>] [--update-lock] [--commit <sha> | --commit <path>=<sha> ...]`
 * Brings the six artifacts into results/ and index/, verified against the lock;
 * without --from it downloads them at their locked commits. --update-lock accepts the
 * bytes in <dir> as the new lock (the one deliberate way to change what is admitted)
 * and writes a change record beside it (audit-changes/) when the lock changes.
 * --commit names the audit commit the new files come from: one for all, or per file.
 */
import { parseArgs } from 'node:util';
import { relative } from 'node:path';
import { loadLock } from '../src/admission/admit.ts';
import { assembleAudit } from '../src/audit/assemble.ts';
import { bringInByDownload, bringInFrom, updateLock, type UpdateOptions } from '../src/admission/bring-in.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../src/admission/schemas.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    'update-lock': { type: 'boolean', default: false },
    commit: { type: 'string', multiple: true },
    'source-commit': { type: 'string' },
  },
});

/** `--commit <sha>` (every file) or `--commit <path>=<sha>` (one file); anything else is refused. */
function parseCommits(specs: readonly string[]): NonNullable<UpdateOptions['commits']> {
  const byPath: Partial<Record<ArtifactPath, string>> = {};
  let all: string | undefined;
  for (const spec of specs) {
    const [path, sha] = spec.includes('=') ? spec.split('=', 2) : [undefined, spec];
    if (!/^[0-9a-f]{40}$/.test(sha ?? '')) throw new Error(`--commit ${spec}: expected a full 40-character lowercase hex commit, found ${JSON.stringify(sha)}`);
    if (path === undefined) all = sha;
    else if ((ARTIFACT_PATHS as string[]).includes(path)) byPath[path as ArtifactPath] = sha;
    else throw new Error(`--commit ${spec}: expected one of ${ARTIFACT_PATHS.join(', ')} before "=", found ${JSON.stringify(path)}`);
  }
  return { ...(all === undefined ? {} : { all }), byPath };
}

try {
  const root = artifactsRoot();
  if (values['update-lock']) {
    if (!values.from) throw new Error('--update-lock needs --from <dir>: the lock is rewritten from the files given');
    const commits = parseCommits([...(values['source-commit'] ? [values['source-commit']] : []), ...(values.commit ?? [])]);
    const { changes, kept, record } = updateLock(values.from, lockPath(), { commits, record: { root } });
    console.log(changes.length ? `lock updated:\n  ${changes.join('\n  ')}` : 'lock unchanged: the files given are the ones locked');
    for (const k of kept) console.log(`  note: ${k}`);
    if (record) console.log(`change recorded: ${relative(process.cwd(), record)} (commit it with the lock)`);
  } else if (values.commit?.length || values['source-commit']) {
    throw new Error('--commit names the source of new bytes, so it needs --update-lock');
  }
  const lock = loadLock(lockPath());
  if (values.from) {
    bringInFrom(values.from, root, lock);
    console.log(`copied ${lock.files.length} artifacts from ${values.from}`);
  } else {
    await bringInByDownload(root, lock);
    console.log(`downloaded ${lock.files.length} artifacts at their locked commits`);
  }
  console.log(summarise(assembleAudit({ root, lockPath: lockPath() })));
} catch (e) {
  process.exitCode = e instanceof Error && e.name === 'Error' ? (console.error(`error: ${e.message}`), 2) : reportRefusal(e);
}
