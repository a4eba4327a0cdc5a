/** The site's revision: from git (dirty said so), declared for a tarball, refused when it cannot be known or disagrees. */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AdmissionError } from '../../src/admission/errors.ts';
import { answerGitQuestions, GIT_ANSWERS_BY_IPC, readSiteRevision, readSiteRevisionLater } from '../../src/admission/site-revision.ts';

const NO_ENV = {};
const refuses = (fn: () => unknown, pattern: RegExp) => assert.throws(fn, (e: AdmissionError) => e.check === 'revision' && pattern.test(e.message));

describe('from git', () => {
  let repo: string;
  let head: string;
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'site-rev-'));
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'a');
    git('add', '.');
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'one'], { env: { ...process.env, GIT_COMMITTER_DATE: '2020-02-03T04:05:06+00:00', GIT_AUTHOR_DATE: '2021-01-01T00:00:00+00:00' } });
    head = git('rev-parse', 'HEAD');
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  test('a clean work tree: its HEAD and the committer date, not the author date or the clock', () => {
    const r = readSiteRevision(repo, NO_ENV);
    assert.deepEqual([r.commit, r.dirty, r.label, r.date, r.day, r.from], [head, false, head, '2020-02-03T04:05:06Z'.replace('Z', '+00:00'), '2020-02-03', 'git']);
  });
  test('uncommitted changes are shown as +dirty', () => {
    writeFileSync(join(repo, 'a.txt'), 'changed');
    try {
      const r = readSiteRevision(repo, NO_ENV);
      assert.equal(r.label, `${head}+dirty`);
      assert.equal(r.dirty, true);
    } finally {
      writeFileSync(join(repo, 'a.txt'), 'a');
    }
  });
  test('GITHUB_SHA or SITE_COMMIT naming another commit is refused', () => {
    refuses(() => readSiteRevision(repo, { GITHUB_SHA: 'f'.repeat(40) }), /GITHUB_SHA to name the commit the work tree is at/);
    refuses(() => readSiteRevision(repo, { SITE_COMMIT: 'f'.repeat(40) }), /SITE_COMMIT to name the commit/);
  });
  test('asked concurrently (as the build does), git gives the same revision, dirty included, and the same refusals', async () => {
    assert.deepEqual(await readSiteRevisionLater(repo, NO_ENV), readSiteRevision(repo, NO_ENV));
    writeFileSync(join(repo, 'a.txt'), 'changed');
    try {
      assert.equal((await readSiteRevisionLater(repo, NO_ENV)).label, `${head}+dirty`);
    } finally {
      writeFileSync(join(repo, 'a.txt'), 'a');
    }
    await assert.rejects(readSiteRevisionLater(repo, { GITHUB_SHA: 'f'.repeat(40) }), (e: AdmissionError) => e.check === 'revision' && /GITHUB_SHA to name/.test(e.message));
    const inner = join(repo, 'elsewhere');
    mkdirSync(inner);
    await assert.rejects(readSiteRevisionLater(inner, NO_ENV), (e: AdmissionError) => /no git work tree/.test(e.message));
  });
  test("reading the revision never writes git's index: not the project's, and not an outer repository's", async () => {
    const index = join(repo, '.git/index');
    const before = statSync(index).mtimeMs;
    // A file whose times changed but not its bytes: a plain `git status` would refresh the index and write it.
    utimesSync(join(repo, 'a.txt'), new Date(), new Date(Date.now() + 5000));
    readSiteRevision(repo, NO_ENV);
    await readSiteRevisionLater(repo, NO_ENV);
    const inner = join(repo, 'unpacked-later');
    mkdirSync(inner, { recursive: true });
    await assert.rejects(readSiteRevisionLater(inner, NO_ENV));
    assert.equal(statSync(index).mtimeMs, before);
  });
  describe("under npm run build, Astro's process takes git's answers from its parent over IPC", () => {
    const module = new URL('../../src/admission/site-revision.ts', import.meta.url).href;
    /** Astro's side, as the integration starts it (after `delay` ms): the revision it ends with. */
    const astroSide = (delay: number) =>
      `await new Promise((r) => setTimeout(r, ${delay})); const { startSiteRevision } = await import(${JSON.stringify(module)}); console.log((await startSiteRevision()()).label);`;
    const run = (send: (child: ReturnType<typeof spawn>) => void, delay = 0) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', astroSide(delay)], { cwd: repo, env: { ...process.env, [GIT_ANSWERS_BY_IPC]: '1' }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
        let out = '';
        child.stdout!.on('data', (d) => (out += d));
        // A child that never ends would hang the build: fail the test instead.
        const timer = setTimeout(() => (child.kill(), reject(new Error('the child waited for ever'))), 10_000);
        child.on('exit', (code) => (clearTimeout(timer), code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}`))));
        send(child);
      });
    // Answers no git here would give (another commit, dirty), so the label shows where they came from.
    const sent = () => [repo, `${'a'.repeat(40)}\n2020-02-03T04:05:06+00:00`, ' M a.txt'];
    const fromParent = `${'a'.repeat(40)}+dirty`;

    test('answered when it asks', async () => {
      assert.equal(await run((c) => answerGitQuestions(c, Promise.resolve(sent()))), fromParent);
    });
    test('answers ready long before the question (as in a build, where git is quicker than Astro) are kept until asked for', async () => {
      const ready = Promise.resolve(sent());
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(await run((c) => answerGitQuestions(c, ready), 500), fromParent);
    });
    test('answers that come after the question are still taken', async () => {
      const late = new Promise<string[]>((r) => setTimeout(() => r(sent()), 500));
      assert.equal(await run((c) => answerGitQuestions(c, late)), fromParent);
    });
    test('the channel closed before the question: git is asked in the process itself', async () => {
      assert.equal(await run((c) => c.disconnect()), head);
    });
    test('the parent gone after the question, without answering: git is asked in the process itself', async () => {
      assert.equal(await run((c) => c.once('message', () => c.disconnect())), head);
    });
    test("git failing in the parent: the channel closes, and the process asks git itself rather than wait", async () => {
      assert.equal(await run((c) => answerGitQuestions(c, Promise.reject(new Error('no git')))), head);
    });
    test('a malformed answer is no answer: ignored, and git is asked once the channel closes', async () => {
      const malformed = [{ siteRevisionGitAnswers: [1, 2] }, { siteRevisionGitAnswers: 'x' }, 'siteRevisionGitAnswers?', 0, {}];
      assert.equal(await run((c) => c.once('message', () => { for (const m of malformed) c.send(m); c.disconnect(); })), head);
    });
  });
  test('a folder inside another repository does not borrow its HEAD', () => {
    const inner = join(repo, 'unpacked');
    mkdirSync(inner);
    refuses(() => readSiteRevision(inner, NO_ENV), /no git work tree/);
  });
});

describe('without git', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'site-rev-none-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('nothing to go on: refused, saying what would do', () => refuses(() => readSiteRevision(dir, NO_ENV), /SITE_COMMIT=<40 hex>\[\+dirty\] with SITE_COMMIT_DATE/));
  test('a declared commit needs a well-formed commit and its date', () => {
    refuses(() => readSiteRevision(dir, { SITE_COMMIT: 'abc' }), /40 lowercase hex/);
    refuses(() => readSiteRevision(dir, { SITE_COMMIT: 'a'.repeat(40) }), /SITE_COMMIT_DATE/);
    refuses(() => readSiteRevision(dir, { SITE_COMMIT: 'a'.repeat(40), SITE_COMMIT_DATE: 'yesterday' }), /SITE_COMMIT_DATE.*"yesterday"/);
  });
  test('a declared commit and date are used as declared, dirty included', () => {
    const r = readSiteRevision(dir, { SITE_COMMIT: `${'a'.repeat(40)}+dirty`, SITE_COMMIT_DATE: '2026-11-29T23:30:00-02:00' });
    assert.deepEqual([r.commit, r.dirty, r.day, r.from], ['a'.repeat(40), true, '2026-11-30', 'SITE_COMMIT']);
  });
});
