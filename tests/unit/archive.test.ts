/** The archive of permanent copies (scripts/lib/archive.ts), on small made-up sites and local bare repositories standing in for the site's. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ProblemError } from '../../src/core/problem.ts';
import { SettingError } from '../../src/core/setting-error.ts';
import {
  ARCHIVE_BRANCH,
  archiveRemote,
  checkManifest,
  manifestOf,
  readArchive,
  recordRevision,
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
const asMap = (files: Record<string, string>) => new Map(Object.entries(files).map(([p, t]) => [p, Buffer.from(t)]));
/** A pending folder as assemble leaves it: r/<revision>/ and its manifest. */
const pending = (revision: string, files: Record<string, string>) =>
  write(dir(), {
    ...Object.fromEntries(Object.entries(files).map(([p, t]) => [`r/${revision}/${p}`, t])),
    [`r/${revision}.sha256`]: manifestOf(asMap(files)),
  });
const bare = () => {
  const d = dir();
  execFileSync('git', ['init', '--quiet', '--bare', d]);
  return d;
};
const problem = (re: RegExp) => (e: unknown) => e instanceof ProblemError && re.test(e.message);
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-C', cwd, '-c', 'user.name=x', '-c', 'user.email=x@x', ...args], { encoding: 'utf8' });
/** Someone commits `change` on top of the branch in a clone and pushes it. */
function tamper(origin: string, change: (work: string) => void): void {
  const work = dir();
  execFileSync('git', ['clone', '--quiet', '--branch', ARCHIVE_BRANCH, origin, work]);
  change(work);
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'tamper');
  git(work, 'push', '--quiet', 'origin', ARCHIVE_BRANCH);
}

test('a manifest lists every file by SHA-256; the check names a changed, a missing and an added file', () => {
  const files = asMap({ 'index.html': '<p>a</p>', 'properties/p5/index.html': 'p5' });
  const listed = manifestOf(files);
  assert.match(listed, /^[0-9a-f]{64} {2}index\.html\n[0-9a-f]{64} {2}properties\/p5\/index\.html\n$/);
  checkManifest(A, files, listed);
  const changed = asMap({ 'index.html': '<p>b</p>', 'properties/p5/index.html': 'p5' });
  assert.throws(
    () => checkManifest(A, changed, listed),
    problem(/r\/a{12}\/index\.html: expected SHA-256 .* found SHA-256/),
  );
  const added = new Map([...files, ['extra.txt', Buffer.from('x')]]);
  assert.throws(() => checkManifest(A, added, listed), problem(/extra\.txt: expected no such file/));
  files.delete('properties/p5/index.html');
  assert.throws(() => checkManifest(A, files, listed), problem(/p5\/index\.html: expected SHA-256 .*found no file/));
});

test('recording: A, then B, each a commit that only adds it; read back from git objects; again is a no-op; other bytes refused', () => {
  const origin = bare();
  assert.match(recordRevision(origin, pending(A, { 'index.html': 'A' })), /^a{12} recorded as [0-9a-f]{12}$/);
  assert.match(recordRevision(origin, pending(B, { 'x/index.html': 'B' })), /recorded/);
  const log = git(origin, 'log', '--format=', '--name-status', ARCHIVE_BRANCH).split('\n').filter(Boolean);
  assert.deepEqual(
    log.map((l) => l[0]),
    ['A', 'A', 'A', 'A'],
    'every change an addition',
  );
  const archive = readArchive(origin);
  try {
    assert.deepEqual([...archive.revisions.keys()].sort(), [A, B]);
    assert.equal(archive.revisions.get(B)!.get('x/index.html')!.toString(), 'B');
  } finally {
    archive.dispose();
  }
  assert.equal(recordRevision(origin, pending(A, { 'index.html': 'A' })), `${A} already archived`);
  assert.throws(
    () => recordRevision(origin, pending(A, { 'index.html': 'A, rebuilt differently' })),
    problem(/expected the bytes first archived/),
  );
});

test('a branch with a changed byte, a link, or a file outside r/<revision>/ is refused as it is read', () => {
  const cases: [string, (work: string) => void, RegExp][] = [
    [
      'edited',
      (w) => writeFileSync(join(w, 'r', A, 'index.html'), 'edited'),
      /r\/a{12}\/index\.html: expected SHA-256/,
    ],
    [
      'link',
      (w) => symlinkSync('/etc/passwd', join(w, 'r', A, 'passwd')),
      /r\/a{12}\/passwd: expected a regular file; found git mode 120000/,
    ],
    ['outside', (w) => writeFileSync(join(w, 'README.md'), 'x'), /README\.md: expected only r\/<12 hex>/],
  ];
  for (const [what, change, refusal] of cases) {
    const origin = bare();
    recordRevision(origin, pending(A, { 'index.html': 'A' }));
    tamper(origin, change);
    assert.throws(() => readArchive(origin), problem(refusal), what);
  }
});

test('ARCHIVE_REMOTE is an https address or an absolute path; an option or another transport is refused before git runs', () => {
  assert.equal(archiveRemote({ ARCHIVE_REMOTE: '/srv/site.git' }), '/srv/site.git');
  assert.equal(archiveRemote({ ARCHIVE_REMOTE: 'https://github.com/o/n.git' }), 'https://github.com/o/n.git');
  const marker = join(temp, 'ran');
  for (const bad of [`--upload-pack=touch ${marker}`, `ext::sh -c touch% ${marker}`, 'http://example.org/x', 'x.git'])
    assert.throws(() => archiveRemote({ ARCHIVE_REMOTE: bad }), SettingError, bad);
  assert.throws(() => archiveRemote({}), SettingError);
  assert.match(
    archiveRemote({ GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'o/n' }),
    /^https:\/\/x-access-token:t@github\.com\/o\/n\.git$/,
  );
  assert.equal(existsSync(marker), false);
});

test("git obeys no configuration of the repository it is handed or of the user's", () => {
  const origin = bare();
  recordRevision(origin, pending(A, { 'index.html': 'A' }));
  const marker = join(temp, 'hook-ran');
  // Honoured only from a protected (system or global) configuration, which the archive's git never reads.
  const home = write(dir(), { '.gitconfig': `[uploadpack]\n\tpackObjectsHook = touch ${marker};\n` });
  git(origin, 'config', 'uploadpack.packObjectsHook', `touch ${marker};`);
  const previous = process.env['HOME'];
  process.env['HOME'] = home;
  try {
    readArchive(origin).dispose();
  } finally {
    process.env['HOME'] = previous;
  }
  assert.equal(existsSync(marker), false);
});

test('recording into a local repository runs none of its hooks', () => {
  const origin = bare();
  const marker = join(temp, 'receive-hook-ran');
  for (const hook of ['pre-receive', 'reference-transaction', 'post-receive']) {
    writeFileSync(join(origin, 'hooks', hook), `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(join(origin, 'hooks', hook), 0o755);
  }
  git(origin, 'config', 'core.hooksPath', join(origin, 'hooks'));
  assert.match(recordRevision(origin, pending(A, { 'index.html': 'A' })), /recorded/);
  assert.equal(existsSync(marker), false);
});
