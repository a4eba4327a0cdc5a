/**
 * `npm run artifacts -- [--from <dir>] [--update-lock] [--source-commit <sha>]`
 * Brings the six artifacts into results/ and index/, verified against the lock;
 * without --from it downloads them at their locked commits. --update-lock accepts the
 * bytes in <dir> as the new lock (the one deliberate way to change what is admitted).
 */
import { parseArgs } from 'node:util';
import { loadLock } from '../src/admission/admit.ts';
import { assembleAudit } from '../src/audit/assemble.ts';
import { bringInByDownload, bringInFrom, updateLock } from '../src/admission/bring-in.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    'update-lock': { type: 'boolean', default: false },
    'source-commit': { type: 'string' },
  },
});

try {
  const root = artifactsRoot();
  if (values['update-lock']) {
    if (!values.from) throw new Error('--update-lock needs --from <dir>: the lock is rewritten from the files given');
    const { changes, kept } = updateLock(values.from, lockPath(), values['source-commit']);
    console.log(changes.length ? `lock updated:\n  ${changes.join('\n  ')}` : 'lock unchanged: the files given are the ones locked');
    for (const k of kept) console.log(`  note: ${k}`);
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
