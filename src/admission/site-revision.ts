/**
 * The site's own revision: the commit it was built from and that commit's date
 * (git's committer date, never the wall clock, so a rebuild of the same commit gives
 * the same pages). Read from git when the project is a git work tree of its own; a
 * build from a tarball declares it with SITE_COMMIT and SITE_COMMIT_DATE. A work tree
 * with uncommitted changes is shown as `<commit>+dirty`, since no commit holds what
 * was built. When none of this can be known the build stops: a page never names a
 * commit it was not built from.
 */
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { AdmissionError } from './errors.ts';
import { processSlot } from '../core/process-slot.ts';

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

const refuse = (expected: string, found: string): never => {
  throw new AdmissionError('revision', 'the site repository', '', expected, found);
};

const HOW =
  'the commit this site is built from: a git work tree of the project (git rev-parse HEAD), or, for a build from a tarball, ' +
  'SITE_COMMIT=<40 hex>[+dirty] with SITE_COMMIT_DATE=<the commit date, ISO 8601>';

/** The three questions put to git: the work tree's top, HEAD's commit and date, and whether anything differs from it. */
const QUESTIONS = [['rev-parse', '--show-toplevel'], ['show', '-s', '--format=%H%n%cI', 'HEAD'], ['status', '--porcelain']] as const;
export type Answers = readonly (string | undefined)[];
/** Reading only: `git status` would otherwise refresh (and lock) the index of whatever repository it finds. */
const GIT = ['--no-optional-locks', '-C'];

/** Whether git's work tree is this folder itself: a tarball unpacked inside some other repository must not borrow that repository's HEAD. */
const ownTree = (top: string | undefined, cwd: string) => top !== undefined && realpathSync(top) === realpathSync(cwd);

function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', [...GIT, cwd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const gitLater = (cwd: string, args: readonly string[]) =>
  new Promise<string | undefined>((resolve) => execFile('git', [...GIT, cwd, ...args], { encoding: 'utf8' }, (error, stdout) => resolve(error ? undefined : stdout.trim())));

function fromGit(cwd: string, [top, show, status]: Answers): { commit: string; dirty: boolean; date: string } | undefined {
  if (!ownTree(top, cwd)) return undefined;
  const [commit, date] = show?.split('\n') ?? [];
  if (commit === undefined || date === undefined || status === undefined) return undefined;
  return { commit, dirty: status !== '', date };
}

const dayOf = (date: string) => new Date(date).toISOString().slice(0, 10);

function repositoryOf(env: NodeJS.ProcessEnv): string | undefined {
  if (env['SITE_REPOSITORY']) return env['SITE_REPOSITORY'].replace(/\/+$/, '');
  if (env['GITHUB_REPOSITORY']) return `${env['GITHUB_SERVER_URL'] ?? 'https://github.com'}/${env['GITHUB_REPOSITORY']}`;
  return undefined;
}

export function readSiteRevision(cwd: string, env: NodeJS.ProcessEnv = process.env): SiteRevision {
  const top = git(cwd, QUESTIONS[0]);
  // HEAD and the status are asked only of the project's own work tree.
  return decide(cwd, env, ownTree(top, cwd) ? [top, git(cwd, QUESTIONS[1]), git(cwd, QUESTIONS[2])] : [top]);
}

/** git's answers to the three questions, asked in its own processes (the last two at once) while the caller goes on. */
export async function askGit(cwd: string): Promise<Answers> {
  const top = await gitLater(cwd, QUESTIONS[0]);
  return ownTree(top, cwd) ? [top, ...(await Promise.all([gitLater(cwd, QUESTIONS[1]), gitLater(cwd, QUESTIONS[2])]))] : [top];
}

/** The same as readSiteRevision, asked while the caller goes on: the build admits meanwhile. */
export async function readSiteRevisionLater(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<SiteRevision> {
  return decide(cwd, env, await askGit(cwd));
}

/**
 * `npm run build` (scripts/build.ts) asks git in its own small process while Astro starts, and
 * hands the answers over the IPC channel it opens to Astro's: starting a process from the
 * build's much larger one costs its thread about 17 ms each. Set in Astro's environment by
 * scripts/build.ts; anywhere else (astro build, astro dev) git is asked here.
 */
export const GIT_ANSWERS_BY_IPC = 'TRAIL_SITE_GIT_ANSWERS_BY_IPC';
/** Astro's process asks when it is listening (a message that came earlier would be dropped), the parent answers. */
const QUESTION = 'siteRevisionGitAnswers?';
interface GitAnswersMessage {
  readonly siteRevisionGitAnswers: Answers;
}
const isGitAnswers = (m: unknown): m is GitAnswersMessage =>
  typeof m === 'object' && m !== null && Array.isArray((m as GitAnswersMessage).siteRevisionGitAnswers) && (m as GitAnswersMessage).siteRevisionGitAnswers.every((a) => a === undefined || a === null || typeof a === 'string');

/** The parent's side: answers Astro's question with what `answers` gives, then closes the channel. */
export function answerGitQuestions(child: ChildProcess, answers: Promise<Answers>): void {
  answers.catch(() => {}); // a failure closes the channel when asked, and Astro's process asks git itself
  child.on('message', (m) => {
    if (m !== QUESTION) return;
    answers.then(
      (a) => child.connected && child.send({ siteRevisionGitAnswers: a } satisfies GitAnswersMessage, () => child.connected && child.disconnect()),
      () => child.connected && child.disconnect(),
    );
  });
}

/** The answers the parent holds; git is asked here after all if the channel closes without them. */
function answersFromParent(cwd: string): Promise<Answers> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answers: () => Promise<Answers> | Answers) => {
      if (settled) return;
      settled = true;
      process.off('message', onMessage);
      process.off('disconnect', onClosed);
      process.channel?.unref();
      resolve(answers());
    };
    // IPC turns undefined in an array into null: an answer git did not give is undefined again here.
    const onMessage = (m: unknown) => isGitAnswers(m) && done(() => m.siteRevisionGitAnswers.map((a) => a ?? undefined));
    const onClosed = () => done(() => askGit(cwd));
    process.on('message', onMessage);
    process.on('disconnect', onClosed);
    // A channel that closed before the question (the parent gone) fails the send: asked here too.
    process.send!(QUESTION, undefined, {}, (error: Error | null) => error && onClosed());
  });
}

function decide(cwd: string, env: NodeJS.ProcessEnv, answers: Answers): SiteRevision {
  const declared = env['SITE_COMMIT'];
  const repository = repositoryOf(env);
  const found = fromGit(cwd, answers);
  if (found) {
    for (const [name, value] of [['GITHUB_SHA', env['GITHUB_SHA']], ['SITE_COMMIT', declared?.replace(/\+dirty$/, '')]] as const) {
      if (value && value !== found.commit) refuse(`${name} to name the commit the work tree is at, ${found.commit}`, `${name}=${value}`);
    }
    const { commit, dirty, date } = found;
    return { commit, dirty, label: dirty ? `${commit}+dirty` : commit, date, day: dayOf(date), from: 'git', repository };
  }
  const given = declared ?? env['GITHUB_SHA'];
  if (!given) return refuse(HOW, `no git work tree at ${cwd}, and neither SITE_COMMIT nor GITHUB_SHA set`);
  const m = /^([0-9a-f]{40})(\+dirty)?$/.exec(given);
  if (!m) return refuse('a commit of 40 lowercase hex characters, optionally followed by +dirty', JSON.stringify(given));
  const date = env['SITE_COMMIT_DATE'];
  if (!date || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(date) || Number.isNaN(Date.parse(date))) {
    return refuse(`SITE_COMMIT_DATE, the date of commit ${m[1]} as ISO 8601 (git show -s --format=%cI), since git cannot read it here`, date ? JSON.stringify(date) : 'nothing');
  }
  const dirty = m[2] !== undefined;
  return { commit: m[1]!, dirty, label: given, date, day: dayOf(date), from: declared ? 'SITE_COMMIT' : 'GITHUB_SHA', repository };
}

// Shared by the integration and the pages' bundle: git is asked once per build, not once per copy of this module.
const revision = processSlot<SiteRevision>('site-revision');
/** The revision of the project being built (read once per build). */
export function siteRevision(): SiteRevision {
  let r = revision.get();
  if (!r) revision.set((r = readSiteRevision(process.cwd())));
  return r;
}

/** Reads the revision while the caller goes on; what the returned function gives (or throws) is what siteRevision() then holds. */
export function startSiteRevision(env: NodeJS.ProcessEnv = process.env): () => Promise<SiteRevision> {
  const cwd = process.cwd();
  const byParent = env[GIT_ANSWERS_BY_IPC] === '1' && process.send !== undefined && process.connected;
  const later = (byParent ? answersFromParent(cwd) : askGit(cwd)).then((answers) => decide(cwd, env, answers));
  later.catch(() => {}); // reported when awaited
  return async () => {
    const r = await later;
    revision.set(r);
    return r;
  };
}
