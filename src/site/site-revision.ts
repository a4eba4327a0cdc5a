/**
 * The site's own revision: the commit it was built from and that commit's date
 * (git's committer date, never the wall clock, so a rebuild of the same commit gives
 * the same pages). Read from git when the project is a git work tree of its own; a
 * build from a tarball declares it with SITE_COMMIT and SITE_COMMIT_DATE. A work tree
 * with uncommitted changes is shown as `<commit>+dirty`, since no commit holds what
 * was built. When none of this can be known the build stops: a page never names a
 * commit it was not built from.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { SettingError } from '../core/setting-error.ts';
import { siteRepository } from './repository.ts';

export interface SiteRevision {
  /** The full commit. */
  readonly commit: string;
  /** True when the work tree differed from the commit (or the declaration says so). */
  readonly dirty: boolean;
  /** The commit as shown: `<commit>` or `<commit>+dirty`. */
  readonly label: string;
  /** The commit's committer date, ISO 8601 as git writes it (`%cI`). */
  readonly date: string;
  /** That date's calendar day in UTC, YYYY-MM-DD. */
  readonly day: string;
  /** Where the commit came from. */
  readonly from: 'git' | 'SITE_COMMIT' | 'GITHUB_SHA';
  /** The site repository's web address, when the environment names it (GitHub Actions, or SITE_REPOSITORY). */
  readonly repository: string | undefined;
}

/** The site's commit is a setting of the build's environment: git's answer, or SITE_COMMIT where there is no git. */
const refuse = (variable: string, expected: string, found: string): never => {
  throw new SettingError(variable, expected, found);
};

const HOW =
  'the commit this site is built from: a git work tree of the project (git rev-parse HEAD), or, for a build from a tarball, ' +
  'SITE_COMMIT=<40 hex>[+dirty] with SITE_COMMIT_DATE=<the commit date, ISO 8601>';

/** The questions put to git: the work tree's top, HEAD's commit and date, whether anything differs from it, its origin remote. */
const QUESTIONS = [
  ['rev-parse', '--show-toplevel'],
  ['show', '-s', '--format=%H%n%cI', 'HEAD'],
  ['status', '--porcelain'],
  ['config', '--get', 'remote.origin.url'],
] as const;
type Answers = readonly (string | undefined)[];
/** Reading only: `git status` would otherwise refresh (and lock) the index of whatever repository it finds. */
const GIT = ['--no-optional-locks', '-C'];

/** Whether git's work tree is this folder itself: a tarball unpacked inside some other repository must not borrow that repository's HEAD. */
const ownTree = (top: string | undefined, cwd: string) => top !== undefined && realpathSync(top) === realpathSync(cwd);

function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', [...GIT, cwd, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

function fromGit(
  cwd: string,
  [top, show, status]: Answers,
): { commit: string; dirty: boolean; date: string } | undefined {
  if (!ownTree(top, cwd)) return undefined;
  const [commit, date] = show?.split('\n') ?? [];
  if (commit === undefined || date === undefined || status === undefined) return undefined;
  return { commit, dirty: status !== '', date };
}

const dayOf = (date: string) => new Date(date).toISOString().slice(0, 10);

export function readSiteRevision(cwd: string, env: NodeJS.ProcessEnv = process.env): SiteRevision {
  const top = git(cwd, QUESTIONS[0]);
  // HEAD and the status are asked only of the project's own work tree.
  return decide(cwd, env, ownTree(top, cwd) ? [top, ...QUESTIONS.slice(1).map((q) => git(cwd, q))] : [top]);
}

function decide(cwd: string, env: NodeJS.ProcessEnv, answers: Answers): SiteRevision {
  const declared = env['SITE_COMMIT'];
  // Checked as a setting (src/site/repository.ts): it becomes a link on every page.
  const repository = siteRepository(env, answers[3]);
  const found = fromGit(cwd, answers);
  if (found) {
    for (const [name, value] of [
      ['GITHUB_SHA', env['GITHUB_SHA']],
      ['SITE_COMMIT', declared?.replace(/\+dirty$/, '')],
    ] as const) {
      if (value && value !== found.commit)
        refuse(name, `the commit the work tree is at, ${found.commit}`, JSON.stringify(value));
    }
    const { commit, dirty, date } = found;
    return {
      commit,
      dirty,
      label: dirty ? `${commit}+dirty` : commit,
      date,
      day: dayOf(date),
      from: 'git',
      repository,
    };
  }
  const given = declared ?? env['GITHUB_SHA'];
  if (!given)
    return refuse('SITE_COMMIT', HOW, `no git work tree at ${cwd}, and neither SITE_COMMIT nor GITHUB_SHA set`);
  const m = /^([0-9a-f]{40})(\+dirty)?$/.exec(given);
  if (!m)
    return refuse(
      declared ? 'SITE_COMMIT' : 'GITHUB_SHA',
      'a commit of 40 lowercase hex characters, optionally followed by +dirty',
      JSON.stringify(given),
    );
  const date = env['SITE_COMMIT_DATE'];
  if (
    !date ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(date) ||
    Number.isNaN(Date.parse(date))
  ) {
    return refuse(
      'SITE_COMMIT_DATE',
      `the date of commit ${m[1]} as ISO 8601 (git show -s --format=%cI), since git cannot read it here`,
      date ? JSON.stringify(date) : 'nothing',
    );
  }
  const dirty = m[2] !== undefined;
  return {
    commit: m[1]!,
    dirty,
    label: given,
    date,
    day: dayOf(date),
    from: declared ? 'SITE_COMMIT' : 'GITHUB_SHA',
    repository,
  };
}

let revision: SiteRevision | undefined;
/** The revision of the project being built (read once per copy of this module). */
export const siteRevision = (): SiteRevision => (revision ??= readSiteRevision(process.cwd()));
