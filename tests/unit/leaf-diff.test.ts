/** The change record's diff, on small synthetic documents: exactly the changed leaves, strings only by digest. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sha256Hex } from '../../src/admission/digest.ts';
import { changeRecord, diffLeaves, leaves } from '../../src/admission/leaf-diff.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { ARTIFACT_PATHS, ChangeRecord, type ArtifactPath, type Lock } from '../../src/admission/schemas.ts';
import type { JsonValue } from '../../src/admission/parse.ts';

const F = 'results/pairing.json' as const;

test('an unchanged document has no changed leaf', async () => {
  const doc = { a: 1, b: [true, null, 'x'], c: {} };
  assert.deepEqual(await diffLeaves(F, doc, structuredClone(doc)), []);
});

test('numbers, booleans and null by value; a string by the digests of old and new, never its text', async () => {
  const changes = await diffLeaves(
    F,
    { n: 1, b: true, z: null, s: 'old words' },
    { n: 2, b: false, z: 0, s: 'new words' },
  );
  assert.deepEqual(changes, [
    { file: F, pointer: '/n', old: { type: 'number', value: 1 }, new: { type: 'number', value: 2 } },
    { file: F, pointer: '/b', old: { type: 'boolean', value: true }, new: { type: 'boolean', value: false } },
    { file: F, pointer: '/z', old: { type: 'null' }, new: { type: 'number', value: 0 } },
    {
      file: F,
      pointer: '/s',
      old: { type: 'string', sha256: await sha256Hex('old words') },
      new: { type: 'string', sha256: await sha256Hex('new words') },
    },
  ]);
  assert.doesNotMatch(JSON.stringify(changes), /words/);
});

test('a verdict is recorded by value, only where a property holds it', async () => {
  const [v, w] = await diffLeaves(
    F,
    { properties: { P8: { verdict: 'VIOLATED' } }, note: 'HELD' },
    { properties: { P8: { verdict: 'LATENT' } }, note: 'LATENT' },
  );
  assert.deepEqual(v, {
    file: F,
    pointer: '/properties/P8/verdict',
    old: { type: 'verdict', value: 'VIOLATED' },
    new: { type: 'verdict', value: 'LATENT' },
  });
  assert.equal(w!.new?.type, 'string');
});

test('added and removed leaves, array items by index, keys escaped as JSON Pointer requires', async () => {
  const changes = await diffLeaves(F, { list: [1, 2, 3], 'a/b': { '~': 1 } }, { list: [1, 2], extra: { x: [] } });
  assert.deepEqual(
    changes.map((c) => [c.pointer, c.old?.type ?? null, c.new?.type ?? null]),
    [
      ['/list/2', 'number', null],
      ['/a~1b/~0', 'number', null],
      ['/extra/x', null, 'empty'],
    ],
  );
});

test('a leaf that becomes a container is one removal and the new leaves', async () => {
  const changes = await diffLeaves(F, { x: 5 }, { x: { y: 5 } });
  assert.deepEqual(
    changes.map((c) => c.pointer),
    ['/x', '/x/y'],
  );
});

test('leaves walks in document order and treats empty containers as leaves', async () => {
  assert.deepEqual([...(await leaves({ b: [], a: { c: 1 } } as JsonValue)).keys()], ['/b', '/a/c']);
});

const lock = (sha: (p: ArtifactPath) => string, commit: string): Lock => ({
  pins: {
    trail_repository: 'o/r',
    pinned_commit: 'a'.repeat(40),
    scorer_path: 's.py',
    scorer_sha256: 'b'.repeat(64),
    index_sha256: 'c'.repeat(64),
    corpus_sha256: 'd'.repeat(64),
  },
  files: ARTIFACT_PATHS.map((path) => ({
    path,
    repository: 'o/audit',
    commit,
    bytes: 1,
    sha256: sha(path),
    blob: '0'.repeat(40),
  })),
  sources: [],
});

test('a record names both lock digests, every file commit, and only the leaves of files whose bytes changed', async () => {
  const before = lock(() => '1'.repeat(64), 'e'.repeat(40));
  const after = lock((p) => (p === F ? '2'.repeat(64) : '1'.repeat(64)), 'f'.repeat(40));
  const docs = (v: number) =>
    Object.fromEntries(ARTIFACT_PATHS.map((p) => [p, { v }])) as unknown as Record<ArtifactPath, JsonValue>;
  const r = await changeRecord(
    3,
    '2026-11-30T20:00:00Z',
    { lock: before, docs: docs(1) },
    { lock: after, docs: docs(2) },
  );
  assert.deepEqual(ChangeRecord.parse(r), r, 'the record matches its own schema');
  assert.equal(r.old.lock_digest, await lockDigest(before));
  assert.equal(r.new.lock_digest, await lockDigest(after));
  assert.deepEqual(
    r.new.files.map((f) => f.commit),
    ARTIFACT_PATHS.map(() => 'f'.repeat(40)),
  );
  assert.deepEqual(r.changes, [
    { file: F, pointer: '/v', old: { type: 'number', value: 1 }, new: { type: 'number', value: 2 } },
  ]);
  assert.deepEqual(r.pins, []);
});

test('the lock digest ignores layout, the comment, blob ids and sources, and changes with any locked value', async () => {
  const a = lock(() => '1'.repeat(64), 'e'.repeat(40));
  const b = {
    ...a,
    $comment: 'reworded',
    files: [...a.files].reverse().map((f) => ({ ...f, blob: '1'.repeat(40) })),
    sources: [{ path: 'README.md', repository: 'o/audit', commit: 'e'.repeat(40), bytes: 1, sha256: '1'.repeat(64) }],
  };
  assert.equal(await lockDigest(a), await lockDigest(b));
  assert.notEqual(
    await lockDigest(a),
    await lockDigest({ ...a, files: a.files.map((f, i) => (i === 0 ? { ...f, commit: 'f'.repeat(40) } : f)) }),
  );
});
