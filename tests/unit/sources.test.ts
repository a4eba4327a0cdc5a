/** The cited sources: links are built from the lock's admitted fields, and the paper is the one the artifacts cite. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Lock } from '../../src/admission/schemas.ts';
import { auditCommit, auditRepository, preRegistration, trailTreeUrl } from '../../src/provenance/sources.ts';
import { LOCK } from '../support/fixture.ts';

const lock = Lock.parse(JSON.parse(readFileSync(LOCK, 'utf8')));

test("the pre-registration link names the audit repository and the document's own latest commit in the lock, not an artifact's", () => {
  const { url, commit, index } = preRegistration(lock);
  const sources = lock.sources.filter((s) => s.path === 'docs/pre-registration.md');
  assert.ok(sources.length >= 2, 'the lock records the document at more than one commit');
  assert.equal(commit, sources.at(-1)!.commit);
  assert.equal(lock.sources[index]!.commit, commit);
  assert.notEqual(commit, auditCommit(lock).commit);
  assert.equal(url, `https://github.com/${lock.files[0]!.repository}/blob/${commit}/docs/pre-registration.md`);
  const without = { ...lock, sources: lock.sources.filter((s) => s.path !== 'docs/pre-registration.md') };
  assert.throws(() => preRegistration(without), /no entry for docs\/pre-registration\.md/);
  assert.equal(trailTreeUrl(lock), `https://github.com/${lock.pins.trail_repository}/tree/${lock.pins.pinned_commit}`);
});

test('the audit commit is the one most admitted files were taken at, ties going to the first', () => {
  const c = (n: string) => n.repeat(40);
  const files = lock.files.map((f, i) => ({ ...f, commit: i < 2 ? c('a') : i < 5 ? c('b') : c('c') }));
  assert.deepEqual(auditCommit({ ...lock, files }), { commit: c('b'), index: 2 });
  const tie = lock.files.map((f, i) => ({ ...f, commit: i < 3 ? c('a') : c('b') }));
  assert.deepEqual(auditCommit({ ...lock, files: tie }), { commit: c('a'), index: 0 });
});

test('a lock naming two audit repositories is refused, naming both', () => {
  const files = lock.files.map((f, i) => (i === 0 ? { ...f, repository: 'someone/else' } : f));
  assert.throws(
    () => auditRepository({ ...lock, files }),
    /expected every file from one audit repository, found someone\/else, /,
  );
});
