/**
 * `npm run artifacts`, `npm run prepare-artifacts` and `npm run verify` on real data:
 * every lock entry brought in from the audit's mirror, served on loopback as the raw host
 * would serve it, or copied from the mirror folder; a second run is a no-op; the build's
 * step brings in only what is missing. Temp roots only.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { readAuditSource } from '../../src/admission/bring-in.ts';
import { loadLock } from '../../src/admission/load.ts';
import { LOCK, PROJECT } from '../support/fixture.ts';
import { sourceFile } from '../../src/admission/paths.ts';
import { rawHost, type Host } from '../support/mirror.ts';

const lock = loadLock(LOCK);
const ENTRIES = lock.files.length + lock.sources.length;
const temp = (t: TestContext) => {
  const dir = mkdtempSync(join(tmpdir(), 'trail-bring-in-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('bringing in every lock entry', { concurrency: false }, () => {
  let mirror: Host;
  before(async () => (mirror = await rawHost()));
  after(() => mirror.stop());
  const run = (script: string, env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [join(PROJECT, 'scripts', script), ...args], {
      cwd: PROJECT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  test('by download from the host on loopback; a second run brings nothing', (t) => {
    const env = { AUDIT_ROOT: temp(t), AUDIT_MIRROR: '', ...mirror.env };
    const first = run('artifacts.ts', env);
    assert.equal(first.status, 0, first.stderr);
    assert.match(
      first.stdout,
      new RegExp(`^${ENTRIES} file\\(s\\) brought in from the download base, 0 already present`),
    );
    assert.match(first.stdout, /ok derivation/);
    const second = run('artifacts.ts', env);
    assert.match(second.stdout, new RegExp(`^0 file\\(s\\) brought in .*, ${ENTRIES} already present`));
  });

  test('from the mirror folder (AUDIT_MIRROR), never downloading', (t) => {
    const root = temp(t);
    // A mirror folder laid out as the raw host serves it, of the checkout's own brought-in files.
    const folder = temp(t);
    for (const e of lock.files)
      cpSync(join(PROJECT, e.path), join(folder, e.repository, e.commit, e.path), { recursive: true });
    for (const e of lock.sources)
      cpSync(sourceFile(PROJECT, e.commit, e.path), join(folder, e.repository, e.commit, e.path), { recursive: true });
    const r = run('artifacts.ts', {
      AUDIT_ROOT: root,
      AUDIT_MIRROR: folder,
      AUDIT_DOWNLOAD_BASE: 'https://127.0.0.1:9/',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^${ENTRIES} file\\(s\\) brought in from ${folder}`));
  });

  test('npm run artifacts replaces a file with other bytes; the build step leaves it for admission to refuse', (t) => {
    const root = temp(t);
    const env = { AUDIT_ROOT: root, AUDIT_MIRROR: '', ...mirror.env };
    assert.equal(run('prepare.ts', env).status, 0);
    writeFileSync(join(root, 'results/pairing.json'), '{}');
    assert.equal(run('prepare.ts', env).status, 0, 'the build step brings in only what is missing');
    const verify = run('verify.ts', env);
    assert.equal(verify.status, 1);
    assert.match(verify.stderr, /^error: Artifact refused \[digest\] results\/pairing\.json/);
    const fixed = run('artifacts.ts', env);
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.match(fixed.stdout, /^1 file\(s\) brought in/);
  });

  test('a failed download stops in one message naming the file and the URL, with the hint', (t) => {
    const r = run('prepare.ts', {
      AUDIT_ROOT: temp(t),
      AUDIT_MIRROR: '',
      ...mirror.env,
      AUDIT_DOWNLOAD_BASE: `${mirror.env.AUDIT_DOWNLOAD_BASE}nowhere/`,
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^error: Artifact refused \[presence\] index\/spans\.json .*HTTP 404\.\nhint: /);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
  });

  test('npm run verify on an empty folder refuses and names the missing file', (t) => {
    const r = run('verify.ts', { AUDIT_ROOT: temp(t) });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^error: Artifact refused \[presence\] index\/spans\.json .*found nothing there/);
  });
});

test('a source is read by path and commit, checked against the lock', async () => {
  const readme = lock.sources.find((s) => s.path === 'README.md')!;
  const bytes = await readAuditSource(PROJECT, lock, 'README.md', readme.commit);
  assert.equal(bytes.length, readme.bytes);
  await assert.rejects(readAuditSource(PROJECT, lock, 'README.md', '0'.repeat(40)), /an entry for README\.md@0{40}/);
  assert.ok(readFileSync(join(PROJECT, 'audit-sources', readme.commit, 'README.md')).length > 0);
});
