/** `npm test` brings the real files in first, from the raw host (the mirror on loopback when there is one), and stops once when it cannot. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { PROJECT } from '../support/fixture.ts';

const temp = (t: TestContext) => {
  const dir = mkdtempSync(join(tmpdir(), 'trail-test-artifacts-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [join(PROJECT, 'scripts/check-test-artifacts.ts')], {
    cwd: PROJECT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

test('an empty mirror folder is refused in one message naming the file, with the hint', (t) => {
  const r = run({ AUDIT_ROOT: temp(t), AUDIT_MIRROR_DIR: temp(t) });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^error: Artifact refused \[presence\] index\/spans\.json .*HTTP 404/);
  assert.match(r.stderr, /hint: the tests bring the audit's files from AUDIT_MIRROR_DIR/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('the files are brought in from the mirror, then present without a word', (t) => {
  const root = temp(t);
  const first = run({ AUDIT_ROOT: root });
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /test artifacts: \d+ file\(s\) brought in/);
  const second = run({ AUDIT_ROOT: root });
  assert.equal(second.status, 0);
  assert.equal(second.stdout + second.stderr, '');
});
