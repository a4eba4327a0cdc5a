/**
 * Which commit holds a file's bytes, asked of a git checkout given to --from. The
 * answer is checked, not assumed: a commit is credited only when git's object for
 * the path at that commit is exactly the bytes read (compared by git's own blob id).
 * Only plumbing that never runs repository-configured programs is used (rev-parse,
 * log without a diff); fsmonitor is switched off in case a command ever reads the index.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

/** git's object id for a file's bytes: sha1 of "blob <size>\0" then the bytes. */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

function git(dir: string, args: readonly string[]): string | undefined {
  const r = spawnSync('git', ['-C', dir, '-c', 'core.fsmonitor=false', ...args], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Whether `dir` is inside a git work tree git will read. */
export function isGitWorkTree(dir: string): boolean {
  return git(dir, ['rev-parse', '--is-inside-work-tree']) === 'true';
}

/** True when `commit` holds exactly `bytes` at `path` (relative to `dir`); undefined when git cannot say. */
export function commitHolds(dir: string, commit: string, path: string, bytes: Uint8Array): boolean | undefined {
  if (!isGitWorkTree(dir)) return undefined;
  if (git(dir, ['cat-file', '-e', `${commit}^{commit}`]) === undefined) return undefined;
  const blob = git(dir, ['rev-parse', '--verify', '--quiet', `${commit}:./${path}`]);
  return blob === gitBlobId(bytes);
}

export type CommitAnswer = { readonly commit: string } | { readonly problem: string };

/**
 * The commit that holds `bytes` at `path` in the checkout `dir`: the last commit that
 * changed the path, when the bytes read are the ones HEAD holds (the file is clean).
 */
export function commitHolding(dir: string, path: string, bytes: Uint8Array): CommitAnswer {
  if (!isGitWorkTree(dir)) return { problem: `${dir} is not a git work tree git will read` };
  const atHead = git(dir, ['rev-parse', '--verify', '--quiet', `HEAD:./${path}`]);
  if (atHead === undefined) return { problem: `${path} is not tracked at HEAD in ${dir}` };
  const blob = gitBlobId(bytes);
  if (atHead !== blob) return { problem: `${path} in ${dir} differs from what HEAD holds (uncommitted changes)` };
  const last = git(dir, ['log', '-1', '--format=%H', 'HEAD', '--', `./${path}`]);
  const head = git(dir, ['rev-parse', '--verify', 'HEAD^{commit}']);
  for (const candidate of [last, head]) {
    if (
      candidate &&
      /^[0-9a-f]{40}$/.test(candidate) &&
      git(dir, ['rev-parse', '--verify', '--quiet', `${candidate}:./${path}`]) === blob
    ) {
      return { commit: candidate };
    }
  }
  return { problem: `git in ${dir} names no commit holding these bytes of ${path}` };
}
