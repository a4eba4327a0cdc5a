/** `npm test` stops once, with the folder named, when the audit's artifacts are not where the tests read them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROJECT, SHARED } from '../support/fixture.ts';

const run = (dir: string) =>
  spawnSync(process.execPath, [join(PROJECT, 'scripts/check-test-artifacts.ts')], {
    cwd: PROJECT,
    encoding: 'utf8',
    env: { ...process.env, AUDIT_ARTIFACTS: dir },
  });

test('an empty folder is refused in one message naming it, with the hint', () => {
  const empty = mkdtempSync(join(tmpdir(), 'trail-no-artifacts-'));
  try {
    const r = run(empty);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      new RegExp(`read the audit's artifacts from ${empty.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*found none`),
    );
    assert.match(r.stderr, /hint: .*\n {2}AUDIT_ARTIFACTS=\/path\/to\/trail-scorer-audit npm test/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('the real folder passes without a word', () => {
  const r = run(SHARED);
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
});
