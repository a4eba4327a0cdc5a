/**
 * The site's own revision: its commit and that commit's date (never the wall clock, so a rebuild gives the
 * same pages), from git when the project is a work tree of its own, else declared by SITE_COMMIT and
 * SITE_COMMIT_DATE. Uncommitted changes show as `<commit>+dirty`; when it cannot be known the build stops.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { SettingError } from '../core/setting-error.ts';
import { siteRepository } from './repository.ts';

export interface SiteRevision {
  readonly commit: string;
  readonly dirty: boolean;
  /** `<commit>` or `<commit>+dirty`. */
  readonly label: string;
  /** The committer date, ISO 8601 as git writes it (`%cI`). */
  readonly date: string;
  /** That date's calendar day in UTC, YYYY-MM-DD. */
  readonly day: string;
  readonly from: 'git' | 'SITE_COMMIT' | 'GITHUB_SHA';
  /** The site repository's web address, when the environment or git names it. */
  readonly repository: string | undefined;
}

const refuse = (variable: string, expected: string, found: string): never => {
  throw new SettingError(variable, expected, found);
};

const HOW =
  'the commit this site is built from: a git work tree of the project (git rev-parse HEAD), or, for a build from a tarball, ' +
  'SITE_COMMIT=<40 hex>[+dirty] with SITE_COMMIT_DATE=<the commit date, ISO 8601>';

function git(cwd: string, ...args: string[]): string | undefined {
  try {
    // --no-optional-locks: `git status` would otherwise refresh (and lock) the index.
    return execFileSync('git', ['--no-optional-locks', '-C', cwd, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const dayOf = (date: string) => new Date(date).toISOString().slice(0, 10);

export function readSiteRevision(cwd: string, env: NodeJS.ProcessEnv = process.env): SiteRevision {
  const top = git(cwd, 'rev-parse', '--show-toplevel');
  // Only a work tree that is this folder itself: a tarball unpacked inside another repository must not borrow its HEAD.
  const own = top !== undefined && realpathSync(top) === realpathSync(cwd);
  const ask = (...args: string[]) => (own ? git(cwd, ...args) : undefined);
  const [commit, date] = ask('show', '-s', '--format=%H%n%cI', 'HEAD')?.split('\n') ?? [];
  const status = ask('status', '--porcelain');
  // Checked as a setting (src/site/repository.ts): it becomes a link on every page.
  const repository = siteRepository(env, ask('config', '--get', 'remote.origin.url'));
  const declared = env['SITE_COMMIT'];
  if (commit !== undefined && date !== undefined && status !== undefined) {
    for (const [name, value] of [
      ['GITHUB_SHA', env['GITHUB_SHA']],
      ['SITE_COMMIT', declared?.replace(/\+dirty$/, '')],
    ] as const)
      if (value && value !== commit) refuse(name, `the commit the work tree is at, ${commit}`, JSON.stringify(value));
    const dirty = status !== '';
    const label = dirty ? `${commit}+dirty` : commit;
    return { commit, dirty, label, date, day: dayOf(date), from: 'git', repository };
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
  const when = env['SITE_COMMIT_DATE'];
  if (!when || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(when) || Number.isNaN(Date.parse(when)))
    return refuse(
      'SITE_COMMIT_DATE',
      `the date of commit ${m[1]} as ISO 8601 (git show -s --format=%cI), since git cannot read it here`,
      when ? JSON.stringify(when) : 'nothing',
    );
  const from = declared ? 'SITE_COMMIT' : 'GITHUB_SHA';
  return { commit: m[1]!, dirty: m[2] !== undefined, label: given, date: when, day: dayOf(when), from, repository };
}

let revision: SiteRevision | undefined;
/** The revision of the project being built (read once per copy of this module). */
export const siteRevision = (): SiteRevision => (revision ??= readSiteRevision(process.cwd()));
