/** The site's revision: from git (dirty said so), declared for a tarball, refused when it cannot be known or disagrees. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { readSiteRevision } from '../../src/site/site-revision.ts';

const NO_ENV = {};
const refuses = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof SettingError && pattern.test(e.message));

describe('from git', () => {
  let repo: string;
  let head: string;
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'site-rev-'));
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'a');
    git('add', '.');
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'one'], {
      env: {
        ...process.env,
        GIT_COMMITTER_DATE: '2020-02-03T04:05:06+00:00',
        GIT_AUTHOR_DATE: '2021-01-01T00:00:00+00:00',
      },
    });
    head = git('rev-parse', 'HEAD');
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  test('a clean work tree: its HEAD and the committer date, not the author date or the clock', () => {
    const r = readSiteRevision(repo, NO_ENV);
    assert.deepEqual(
      [r.commit, r.dirty, r.label, r.date, r.day, r.from],
      [head, false, head, '2020-02-03T04:05:06Z'.replace('Z', '+00:00'), '2020-02-03', 'git'],
    );
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
  test("a declared commit that is not the work tree's HEAD is refused", () => {
    refuses(
      () => readSiteRevision(repo, { GITHUB_SHA: 'f'.repeat(40) }),
      /GITHUB_SHA must be the commit the work tree is at/,
    );
    refuses(
      () => readSiteRevision(repo, { SITE_COMMIT: 'f'.repeat(40) }),
      /SITE_COMMIT must be the commit the work tree is at/,
    );
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

  test('nothing to go on: refused, saying what would do', () =>
    refuses(() => readSiteRevision(dir, NO_ENV), /SITE_COMMIT=<40 hex>\[\+dirty\] with SITE_COMMIT_DATE/));
  test('a declared commit needs a well-formed commit and its date', () => {
    refuses(() => readSiteRevision(dir, { SITE_COMMIT: 'abc' }), /40 lowercase hex/);
    refuses(() => readSiteRevision(dir, { SITE_COMMIT: 'a'.repeat(40) }), /SITE_COMMIT_DATE/);
    refuses(
      () => readSiteRevision(dir, { SITE_COMMIT: 'a'.repeat(40), SITE_COMMIT_DATE: 'yesterday' }),
      /SITE_COMMIT_DATE.*"yesterday"/,
    );
  });
  test('a declared commit and date are used as declared, dirty included', () => {
    const r = readSiteRevision(dir, {
      SITE_COMMIT: `${'a'.repeat(40)}+dirty`,
      SITE_COMMIT_DATE: '2026-11-29T23:30:00-02:00',
    });
    assert.deepEqual([r.commit, r.dirty, r.day, r.from], ['a'.repeat(40), true, '2026-11-30', 'SITE_COMMIT']);
  });
});
