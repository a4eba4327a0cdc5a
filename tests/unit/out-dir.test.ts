/** The output folder is never a source folder (issue #21, item 5): refused before anything is deleted, by `npm run build` and by a plain `astro build`. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { BUILD_MARK, checkOutDir, markBuilt } from '../../src/site/out-dir.ts';
import { sandbox } from '../support/build.ts';
import { SHARED } from '../support/fixture.ts';

describe('checkOutDir', () => {
  const project = mkdtempSync(join(tmpdir(), 'trail-outdir-'));
  after(() => rmSync(project, { recursive: true, force: true }));
  for (const d of [
    'src/pages',
    'content',
    '.git',
    'scripts',
    'tests',
    'node_modules',
    'public',
    'results',
    'dist',
    'mine',
    'built',
    'empty',
  ])
    mkdirSync(join(project, d), { recursive: true });
  writeFileSync(join(project, 'mine/notes.txt'), 'mine');
  writeFileSync(join(project, 'built/index.html'), '<!doctype html>');
  markBuilt(join(project, 'built'));
  writeFileSync(join(project, 'README.md'), 'readme');
  symlinkSync(join(project, 'src'), join(project, 'link-to-src'));
  symlinkSync(tmpdir(), join(project, 'link-out'));
  // A planted marker does not open a source folder.
  markBuilt(join(project, 'src'));

  const refused = (outDir: string, why: RegExp) =>
    assert.throws(
      () => checkOutDir(project, outDir),
      (e: unknown) =>
        e instanceof SettingError &&
        e.variable === '--outDir' &&
        why.test(e.message) &&
        /nothing was deleted/.test(e.message),
      outDir,
    );
  test('the project itself is refused', () => {
    refused(project, /the project itself/);
    refused(join(project, 'src/..'), /the project itself/);
  });
  test('every source folder, and anything inside one, is refused, marked or not', () => {
    for (const d of [
      'src',
      'src/pages',
      'content',
      '.git',
      'scripts',
      'tests',
      'node_modules',
      'public',
      'results',
      'index',
      'audit-changes',
      '.artifacts-staging-1-x',
    ])
      refused(join(project, d), /inside the project's own/);
  });
  test('a link into a source folder is refused', () =>
    refused(join(project, 'link-to-src'), /inside the project's own src\//));
  test('a folder outside the project is refused, by path or by link', () => {
    refused(join(project, '../sibling'), /outside the project/);
    refused(tmpdir(), /outside the project/);
    refused(join(project, 'link-out/x'), /outside the project/);
  });
  test('a folder holding files no build wrote is refused, and so is a file', () => {
    refused(join(project, 'mine'), /holds files no build of this site wrote/);
    refused(join(project, 'README.md'), /not a folder/);
  });
  test('a new folder, an empty one, the default dist/ and a folder a build marked are accepted', () => {
    for (const d of ['new', 'a/b/new', 'empty', 'dist', 'built', '.tmp/x'])
      assert.doesNotThrow(() => checkOutDir(project, join(project, d)), d);
  });
});

describe('the build refuses an output folder before deleting anything', () => {
  const box = sandbox();
  const sibling = `${box.dir}-sibling`;
  after(() => {
    box.dispose();
    rmSync(sibling, { recursive: true, force: true });
  });
  mkdirSync(sibling);
  writeFileSync(join(sibling, 'keep.txt'), 'keep');
  const before = readdirSync(join(box.dir, 'src')).length;
  const env = { ...process.env, AUDIT_ROOT: SHARED, ASTRO_TELEMETRY_DISABLED: '1' };
  const intact = () => {
    assert.equal(readdirSync(join(box.dir, 'src')).length, before, 'src/ is intact');
    assert.ok(existsSync(join(box.dir, 'package.json')), 'the project is intact');
    assert.ok(existsSync(join(sibling, 'keep.txt')), 'the sibling folder is intact');
  };

  for (const args of [
    ['--outDir', '.'],
    ['--outDir=src'],
    ['--out-dir', 'src'],
    ['--out-dir=../' + sibling.split('/').pop()],
  ]) {
    test(`npm run build -- ${args.join(' ')}`, () => {
      const r = spawnSync(process.execPath, [join(box.dir, 'scripts/build.ts'), ...args], {
        cwd: box.dir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, /^error: Setting refused: --outDir must be a new folder inside the project/m);
      assert.equal(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
      intact();
    });
  }

  test('a plain astro build --outDir src is refused in the integration, before Astro empties it', () => {
    const r = box.build({}, ['--outDir', 'src']);
    assert.notEqual(r.code, 0);
    assert.match(
      r.output,
      /Setting refused: outDir must be a new folder inside the project.*inside the project's own src\//,
    );
    assert.doesNotMatch(r.output, /^\s+at /m, 'no stack trace');
    intact();
  });

  test('a build writes the marker that lets the next build empty its folder', () =>
    assert.equal(BUILD_MARK, '.trail-audit-build'));
});
