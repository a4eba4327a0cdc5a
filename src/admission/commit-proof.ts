/**
 * Proof that a commit of the audit's repository holds a file's bytes, before the lock
 * credits the file to it: the lock's commits become links on every page, in every packet
 * and in every citation, so a commit is credited only when shown to hold exactly those
 * bytes. Two proofs count, and nothing else:
 * - the repository itself, asked for the file at that commit (a download through the
 *   checked download base, the same request the publishing workflow makes), or
 * - a git checkout of that repository: its `origin` remote is the locked repository, the
 *   commit is reachable from one of its remote-tracking branches (git fetched it from
 *   there, it was not made here), and git's object for the path at that commit is
 *   exactly the bytes.
 */
import { spawnSync } from 'node:child_process';
import { sha256Hex } from './digest.ts';
import { commitHolds, isGitWorkTree } from './git-source.ts';

export type Proof = { readonly proven: true; readonly by: string } | { readonly proven: false; readonly why: string };

/** What a download at a commit gave: the SHA-256 of the bytes, or why there were none. */
export type Fetched = { readonly sha256: string } | { readonly failed: string };
/** Downloads already made, by `path@commit`. */
export type DownloadProofs = ReadonlyMap<string, Fetched>;
export const proofKey = (path: string, commit: string) => `${path}@${commit}`;

function git(dir: string, args: readonly string[]): string | undefined {
  const r = spawnSync('git', ['-C', dir, '-c', 'core.fsmonitor=false', ...args], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** `owner/name` of a GitHub remote URL (https, ssh or scp-like), lower-cased, or undefined. */
export function githubRepositoryOf(url: string): string | undefined {
  const m =
    /^(?:https:\/\/github\.com\/|ssh:\/\/git@github\.com\/|git@github\.com:)([A-Za-z0-9-]+\/[A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(
      url.trim(),
    );
  return m?.[1]?.toLowerCase();
}

/** The git proof: a checkout of `repository` that fetched `commit` from it and holds `bytes` at `path` there. */
export function gitProof(dir: string, repository: string, commit: string, path: string, bytes: Uint8Array): Proof {
  if (!isGitWorkTree(dir)) return { proven: false, why: `${dir} is not a git work tree git will read` };
  const origin = git(dir, ['remote', 'get-url', 'origin']);
  if (origin === undefined) return { proven: false, why: `the checkout ${dir} has no origin remote` };
  if (githubRepositoryOf(origin) !== repository.toLowerCase())
    return { proven: false, why: `the checkout's origin is ${origin}, not github.com/${repository}` };
  if (!git(dir, ['for-each-ref', '--contains', commit, '--format=%(refname)', 'refs/remotes/origin/'])) {
    return { proven: false, why: `commit ${commit} is on no branch fetched from origin in ${dir}` };
  }
  if (commitHolds(dir, commit, path, bytes) !== true)
    return { proven: false, why: `commit ${commit} holds other bytes at ${path}, or none` };
  return { proven: true, by: `git: ${commit} fetched from github.com/${repository} holds these bytes` };
}

/** The download proof: the repository served exactly these bytes for `path` at `commit`. */
export function downloadProof(proofs: DownloadProofs, commit: string, path: string, bytes: Uint8Array): Proof {
  const got = proofs.get(proofKey(path, commit));
  if (got === undefined) return { proven: false, why: `no download of ${path} at ${commit} was made` };
  if ('failed' in got) return { proven: false, why: `the download of ${path} at ${commit} failed (${got.failed})` };
  if (got.sha256 !== sha256Hex(bytes))
    return {
      proven: false,
      why: `the repository holds other bytes at ${path} in commit ${commit} (SHA-256 ${got.sha256})`,
    };
  return { proven: true, by: `download: the repository serves these bytes at ${commit}` };
}

/** Either proof; when neither holds, why each failed. */
export function proveCredit(
  dir: string,
  repository: string,
  commit: string,
  path: string,
  bytes: Uint8Array,
  proofs: DownloadProofs,
): Proof {
  const byDownload = downloadProof(proofs, commit, path, bytes);
  if (byDownload.proven) return byDownload;
  const byGit = gitProof(dir, repository, commit, path, bytes);
  if (byGit.proven) return byGit;
  return { proven: false, why: `${byDownload.why}; and ${byGit.why}` };
}
