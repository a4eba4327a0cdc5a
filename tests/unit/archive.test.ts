/** The archive of permanent copies (scripts/lib/archive.ts), on small made-up sites and a local bare repository standing in for the site's. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ProblemError } from '../../src/core/problem.ts';
import {
  ARCHIVE_BRANCH,
  assembleInto,
  buildPermanentCopy,
  checkRevision,
  checkoutArchive,
  manifestOf,
  recordRevision,
  revisionsIn,
} from '../../scripts/lib/archive.ts';

const temp = mkdtempSync(join(tmpdir(), 'archive-test-'));
after(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
const dir = () => {
  const d = join(temp, `d${n++}`);
  mkdirSync(d, { recursive: true });
  return d;
};
const write = (root: string, files: Record<string, string>) => {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
};
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
/** A pending folder as assemble leaves it: r/<revision>/ and its manifest. */
function pending(revision: string, files: Record<string, string>): string {
  const root = dir();
  write(join(root, 'r', revision), files);
  writeFileSync(join(root, 'r', `${revision}.sha256`), manifestOf(join(root, 'r', revision)));
  return root;
}
const bare = () => {
  const d = dir();
  execFileSync('git', ['init', '--quiet', '--bare', d]);
  return d;
};
const problem = (re: RegExp) => (e: unknown) => e instanceof ProblemError && re.test(e.message);

test('a manifest lists every file by SHA-256; the check names a changed, a missing and an added file', () => {
  const root = pending(A, { 'index.html': '<p>a</p>', 'properties/p5/index.html': 'p5' });
  assert.match(
    readFileSync(join(root, 'r', `${A}.sha256`), 'utf8'),
    /^[0-9a-f]{64} {2}index\.html\n[0-9a-f]{64} {2}properties\/p5\/index\.html\n$/,
  );
  checkRevision(root, A);
  writeFileSync(join(root, 'r', A, 'index.html'), '<p>b</p>');
  assert.throws(
    () => checkRevision(root, A),
    problem(new RegExp(`r/${A}/index\\.html: expected SHA-256 [0-9a-f]{64}, as r/${A}\\.sha256 lists; found SHA-256`)),
  );
  writeFileSync(join(root, 'r', A, 'index.html'), '<p>a</p>');
  writeFileSync(join(root, 'r', A, 'extra.txt'), 'x');
  assert.throws(() => checkRevision(root, A), problem(/extra\.txt: expected no such file/));
  rmSync(join(root, 'r', A, 'extra.txt'));
  rmSync(join(root, 'r', A, 'properties/p5/index.html'));
  assert.throws(() => checkRevision(root, A), problem(/p5\/index\.html: expected SHA-256 .*found no file/));
});

test('recording: A, then B, each as a commit that only adds it; A stays byte for byte; recording A again changes nothing; other bytes for A are refused', () => {
  const origin = bare();
  assert.equal(recordRevision(origin, pending(A, { 'index.html': 'A' }), A, 'A'), 'recorded');
  assert.equal(recordRevision(origin, pending(B, { 'index.html': 'B' }), B, 'B'), 'recorded');
  const log = execFileSync('git', ['-C', origin, 'log', '--format=%s', '--name-status', ARCHIVE_BRANCH], {
    encoding: 'utf8',
  });
  assert.deepEqual(
    log
      .split('\n')
      .filter((l) => /^[A-Z]\t/.test(l))
      .map((l) => l[0]),
    ['A', 'A', 'A', 'A'],
    'every change an addition',
  );
  const co = checkoutArchive(origin);
  try {
    assert.deepEqual(revisionsIn(co.dir), [A, B]);
    assert.equal(readFileSync(join(co.dir, 'r', A, 'index.html'), 'utf8'), 'A');
  } finally {
    co.dispose();
  }
  assert.equal(recordRevision(origin, pending(A, { 'index.html': 'A' }), A, 'A again'), 'already archived');
  assert.throws(
    () => recordRevision(origin, pending(A, { 'index.html': 'A, rebuilt differently' }), A, 'A'),
    problem(/the archive keeps the first/),
  );
});

test('an archive whose branch was rewritten under a revision fails its manifest, and nothing is recorded or assembled from it', () => {
  const origin = bare();
  recordRevision(origin, pending(A, { 'index.html': 'A' }), A, 'A');
  // Someone edits A's page on the branch itself.
  const work = dir();
  execFileSync('git', ['clone', '--quiet', '--branch', ARCHIVE_BRANCH, origin, work]);
  writeFileSync(join(work, 'r', A, 'index.html'), 'edited');
  execFileSync('git', ['-C', work, '-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '--quiet', '-am', 'edit']);
  execFileSync('git', ['-C', work, 'push', '--quiet', 'origin', ARCHIVE_BRANCH]);
  assert.throws(
    () => recordRevision(origin, pending(B, { 'index.html': 'B' }), B, 'B'),
    problem(new RegExp(`r/${A}/index\\.html: expected SHA-256`)),
  );
  const co = checkoutArchive(origin);
  try {
    assert.throws(() => assembleInto(dir(), co.dir), problem(new RegExp(`r/${A}/index\\.html`)));
  } finally {
    co.dispose();
  }
});

test('assembling copies every revision into dist/r/ with its manifest, and refuses a live build that has an r/ of its own', () => {
  const dist = write(dir(), { 'index.html': 'live' });
  assert.deepEqual(assembleInto(dist, pending(A, { 'index.html': 'A' }), pending(B, { 'x.csv': 'B' })), [A, B]);
  assert.equal(readFileSync(join(dist, 'r', B, 'x.csv'), 'utf8'), 'B');
  checkRevision(dist, A);
  assert.throws(
    () => assembleInto(dist, pending(A, { 'index.html': 'A' })),
    problem(/dist\/r\/: expected no such folder/),
  );
});

test('the permanent copy is built under <base>r/<revision>/ into its own folder, and the live dist/ is back afterwards, even when the build fails', () => {
  const project = write(dir(), { 'dist/index.html': 'live' });
  const out = dir();
  const manifest = buildPermanentCopy(project, A, '/site/', out, (env) =>
    write(project, { 'dist/index.html': `copy under ${env['SITE_BASE']}` }),
  );
  assert.equal(readFileSync(join(out, 'r', A, 'index.html'), 'utf8'), `copy under /site/r/${A}/`);
  assert.equal(readFileSync(join(out, 'r', `${A}.sha256`), 'utf8'), manifest);
  assert.equal(readFileSync(join(project, 'dist/index.html'), 'utf8'), 'live');
  assert.throws(
    () =>
      buildPermanentCopy(project, B, '/site/', dir(), () => {
        throw new Error('the build failed');
      }),
    /the build failed/,
  );
  assert.equal(readFileSync(join(project, 'dist/index.html'), 'utf8'), 'live');
  assert.equal(existsSync(join(project, '.dist-live')), false);
});

test('a manifest leaves out hidden files, as Pages leaves them out of what it publishes (the build marks its output with one)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'archive-hidden-'));
  try {
    writeFileSync(join(dir, 'index.html'), 'x');
    writeFileSync(join(dir, '.trail-audit-build'), 'marker');
    mkdirSync(join(dir, '.hidden'));
    writeFileSync(join(dir, '.hidden/a.txt'), 'y');
    assert.deepEqual(
      manifestOf(dir)
        .trim()
        .split('\n')
        .map((l) => l.split('  ')[1]),
      ['index.html'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
