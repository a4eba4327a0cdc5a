/**
 * The permanent copies: every audit revision the site has published, kept byte for byte on
 * one branch of the site's own repository (`site-archive`), which only ever gains commits
 * that add a new revision's folder. A revision is an audit revision: the first 12 hex of the
 * lock's digest, which names one set of audit file bytes and the commits credited with them
 * (src/site/permanent.ts). Its folder, r/<revision>/, holds the whole site as first published
 * for it, built under that base; beside it, r/<revision>.sha256 lists the SHA-256 of every
 * file in it, in `sha256sum` format, so `cd r/<revision> && sha256sum -c ../<revision>.sha256`
 * checks that nothing under it changed. Nothing here needs more than git.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { ProblemError } from '../../src/core/problem.ts';
import { archiveFolder } from '../../src/site/permanent.ts';

export const ARCHIVE_BRANCH = 'site-archive';
const REVISION = /^[0-9a-f]{12}$/;

const refuse = (file: string, place: string, message: string): never => {
  throw new ProblemError([{ file, place, message }]);
};

/** Credentials in a remote's URL never reach a message. */
const shown = (remote: string) => remote.replace(/\/\/[^@/]*@/, '//');

function git(cwd: string, args: readonly string[], what: string): string {
  const r = spawnSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  if (r.status !== 0)
    refuse(
      'the archive branch',
      what,
      `expected git ${args[0]} to succeed; found: ${shown((r.stderr || r.stdout).trim().split('\n').slice(-3).join(' '))}`,
    );
  return r.stdout;
}

/**
 * Every file under `dir`, as POSIX paths relative to it, sorted; hidden files and folders left
 * out, as upload-pages-artifact leaves them out of what Pages publishes (a build's marker, say).
 */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name.startsWith('.')) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The manifest of a revision's folder: `<sha256>  <path>` for every file, sorted by path. */
export function manifestOf(dir: string): string {
  return filesUnder(dir)
    .map((p) => `${sha256(readFileSync(join(dir, p)))}  ${p}\n`)
    .join('');
}

/** Whether `root`'s r/<revision>/ is exactly what r/<revision>.sha256 lists: no file missing, changed or added. */
export function checkRevision(root: string, revision: string): void {
  const manifestPath = join(root, 'r', `${revision}.sha256`);
  const label = `r/${revision}.sha256`;
  if (!existsSync(manifestPath)) refuse(label, '', `expected the manifest of r/${revision}/ beside it; found none`);
  if (!existsSync(join(root, 'r', revision)))
    refuse(`r/${revision}/`, '', `expected the folder its manifest lists; found none`);
  const listed = readFileSync(manifestPath, 'utf8');
  const found = manifestOf(join(root, 'r', revision));
  if (listed === found) return;
  const want = new Map(
    listed
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(66), l.slice(0, 64)]),
  );
  const have = new Map(
    found
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(66), l.slice(0, 64)]),
  );
  const first = [...new Set([...want.keys(), ...have.keys()])].sort().find((p) => want.get(p) !== have.get(p))!;
  refuse(
    `r/${revision}/${first}`,
    '',
    `expected ${want.has(first) ? `SHA-256 ${want.get(first)}, as ${label} lists` : `no such file (${label} does not list it)`}; found ${have.has(first) ? `SHA-256 ${have.get(first)}` : 'no file'}`,
  );
}

/** The revisions a folder laid out like the archive holds (r/<revision>/ with r/<revision>.sha256). */
export function revisionsIn(root: string): string[] {
  const r = join(root, 'r');
  if (!existsSync(r)) return [];
  const names = readdirSync(r);
  for (const n of names)
    if (!REVISION.test(n.replace(/\.sha256$/, '')))
      refuse(`r/${n}`, '', 'expected only r/<12 hex>/ folders and their r/<12 hex>.sha256 manifests');
  return names.filter((n) => REVISION.test(n)).sort();
}

/** The archive branch as the remote holds it now, read into a temporary repository of its own. */
export interface ArchiveCheckout {
  /** A work tree of the branch's newest commit (empty when the branch does not exist yet). */
  readonly dir: string;
  /** That commit, or undefined for a new archive. */
  readonly commit: string | undefined;
  dispose(): void;
}

export function checkoutArchive(remote: string, branch = ARCHIVE_BRANCH): ArchiveCheckout {
  const dir = mkdtempSync(join(tmpdir(), 'site-archive-'));
  git(dir, ['init', '--quiet'], 'init');
  const heads = git(dir, ['ls-remote', '--heads', remote, branch], `ls-remote ${shown(remote)}`);
  let commit: string | undefined;
  if (heads.trim() !== '') {
    git(
      dir,
      ['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:refs/remotes/archive/${branch}`],
      `fetch ${shown(remote)} ${branch}`,
    );
    git(dir, ['checkout', '--quiet', '-B', branch, `refs/remotes/archive/${branch}`], 'checkout');
    commit = git(dir, ['rev-parse', 'HEAD'], 'rev-parse').trim();
  } else {
    git(dir, ['checkout', '--quiet', '--orphan', branch], 'checkout --orphan');
  }
  return { dir, commit, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Builds this revision's permanent copy with `build` (the project's own build, run with
 * SITE_BASE set to the copy's base; it writes `dist`), into `out`/r/<revision>/ with its
 * manifest; the live `dist` is moved aside meanwhile and put back, whatever happens.
 */
export function buildPermanentCopy(
  project: string,
  revision: string,
  liveBase: string,
  out: string,
  build: (env: Record<string, string>) => void,
): string {
  const dist = join(project, 'dist');
  const aside = join(project, '.dist-live');
  if (!existsSync(dist)) refuse('dist/', '', 'expected the live build (it is built and tested first); found nothing');
  rmSync(aside, { recursive: true, force: true });
  renameSync(dist, aside);
  try {
    build({ SITE_BASE: liveBase + archiveFolder(revision) });
    mkdirSync(join(out, 'r'), { recursive: true });
    rmSync(join(out, 'r', revision), { recursive: true, force: true });
    renameSync(dist, join(out, 'r', revision));
  } finally {
    rmSync(dist, { recursive: true, force: true });
    renameSync(aside, dist);
  }
  const manifest = manifestOf(join(out, 'r', revision));
  writeFileSync(join(out, 'r', `${revision}.sha256`), manifest);
  return manifest;
}

/** Copies every revision of `from` (each checked against its manifest) into `dist`/r/, which the live build never writes. */
export function assembleInto(dist: string, ...from: string[]): string[] {
  if (existsSync(join(dist, 'r')))
    refuse('dist/r/', '', 'expected no such folder in the live build: r/ holds the permanent copies alone');
  const all: string[] = [];
  for (const root of from) {
    for (const revision of revisionsIn(root)) {
      checkRevision(root, revision);
      if (all.includes(revision))
        refuse(`r/${revision}/`, '', 'expected each revision once; found it both in the archive and built anew');
      cpSync(join(root, 'r', revision), join(dist, 'r', revision), { recursive: true });
      cpSync(join(root, 'r', `${revision}.sha256`), join(dist, 'r', `${revision}.sha256`));
      all.push(revision);
    }
  }
  return all.sort();
}

/**
 * Adds `pending`'s revision to the archive and pushes it, only ever as a new commit on top of
 * the branch that adds files: a revision the archive already holds is left as it is (and must
 * be the same bytes), and a push that is not a fast-forward is refused by git itself.
 */
export function recordRevision(
  remote: string,
  pending: string,
  revision: string,
  message: string,
  branch = ARCHIVE_BRANCH,
): 'recorded' | 'already archived' {
  checkRevision(pending, revision);
  const archive = checkoutArchive(remote, branch);
  try {
    for (const r of revisionsIn(archive.dir)) checkRevision(archive.dir, r);
    if (existsSync(join(archive.dir, 'r', revision))) {
      if (
        readFileSync(join(archive.dir, 'r', `${revision}.sha256`), 'utf8') !==
        readFileSync(join(pending, 'r', `${revision}.sha256`), 'utf8')
      ) {
        refuse(
          `r/${revision}/`,
          '',
          'expected the bytes archived when it was first published; found a build of it that differs (the archive keeps the first)',
        );
      }
      return 'already archived';
    }
    cpSync(join(pending, 'r', revision), join(archive.dir, 'r', revision), { recursive: true });
    cpSync(join(pending, 'r', `${revision}.sha256`), join(archive.dir, 'r', `${revision}.sha256`));
    git(archive.dir, ['add', '--', `r/${revision}`, `r/${revision}.sha256`], 'add');
    // Append only: the commit may add files and nothing else.
    const changed = git(archive.dir, ['diff', '--cached', '--name-status', '--no-renames'], 'diff')
      .split('\n')
      .filter(Boolean);
    const other = changed.filter((l) => !l.startsWith('A\t'));
    if (other.length)
      refuse('the archive branch', '', `expected a commit that only adds r/${revision}/; found ${other.join(', ')}`);
    git(
      archive.dir,
      [
        '-c',
        'user.name=site archive',
        '-c',
        'user.email=site-archive@users.noreply.github.com',
        'commit',
        '--quiet',
        '-m',
        message,
      ],
      'commit',
    );
    git(archive.dir, ['push', '--quiet', remote, `HEAD:refs/heads/${branch}`], `push to ${shown(remote)}`);
    return 'recorded';
  } finally {
    archive.dispose();
  }
}

/** The build as `npm run build` runs it, with `env` added (for buildPermanentCopy). */
export const npmBuild = (project: string) => (env: Record<string, string>) => {
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: project,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
};
