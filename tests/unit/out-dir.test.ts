/** The output folder is never a source folder (issue #21, item 5); the build's own refusal is in build.test.ts. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { checkOutDir, markBuilt } from '../../src/site/out-dir.ts';

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
