/**
 * The prose check's pass, remembered between builds (node_modules/.cache/prose-check).
 * Parsing the MDX cost 0.1 to 0.2 s of every build. The check is a function of the prose,
 * the audit and the code alone, so a pass is kept under one key of all of them
 * (core/inputs-key.ts): every file under content/ and src/ (the allowlist and the
 * component names are there), the project's configuration, the admitted lock and change history (admission has
 * checked every artifact against the lock), npm's record of the installed packages and
 * Node. A build whose inputs are all those of a build that passed is known to pass; any
 * change is a new key, and the check runs. Only a pass is kept, once the whole build has
 * passed and only if the key taken again then is unchanged (a page edited during the
 * build is checked next time); a refusal is found again, with its places. The figure
 * check on the built pages runs on every build whatever this says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFile } from '../core/cache-files.ts';
import { inputsKey } from '../core/inputs-key.ts';

/** Bump when the check's meaning changes in a way its source does not show. */
const FORMAT = 1;

/** `audit`: the admitted audit's identity, its lock and change history as admitted. */
export function proseKey(root: string, audit: string): string | undefined {
  return inputsKey({ root, dirs: ['content', 'src'], fields: { format: String(FORMAT), audit, check: 'prose' }, packageUsed: 'mdast-util-from-markdown' });
}

/** Whether a build with these very inputs passed the check. */
export function passedBefore(dir: string, key: string): boolean {
  try {
    return readFileSync(join(dir, key), 'utf8') === key;
  } catch {
    return false;
  }
}

export function rememberPass(dir: string, key: string): void {
  writeCacheFile(join(dir, key), key);
}

/** One build's use of the remembered pass: the key taken as the build starts, and the pass kept once it has passed. */
export interface ProseVerdict {
  /** A build with these very inputs passed the check: it need not run. */
  readonly passedBefore: boolean;
  /** The check ran and passed, and the build has passed: kept, if the key taken again now is unchanged. */
  remember(): void;
}

export function proseVerdict(dir: string, root: string, audit: string): ProseVerdict {
  const key = proseKey(root, audit);
  return {
    passedBefore: key !== undefined && passedBefore(dir, key),
    remember: () => {
      if (key !== undefined && proseKey(root, audit) === key) rememberPass(dir, key);
    },
  };
}
