/**
 * Accepting a new audit revision, end to end on real data, through the raw host stood in
 * for by the audit's mirror on loopback: the earlier normaliser.json (at 9cf6e391) is
 * accepted, then the current one again, each writing one change record; `--prove`
 * recomputes both from the bytes at their commits; the site built from the result
 * publishes both records, their downloads, and when P5's magnitude last changed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sandbox, type Sandbox } from '../support/build.ts';
import { SHARED } from '../support/fixture.ts';
import { rawHost, type Host } from '../support/mirror.ts';

const NORMALISER = 'results/normaliser.json';
const EARLIER = '9cf6e391c5a3e2908c57b9ca1c9dfde99fd37613';
const CURRENT = 'a13c1c24af0386e45c3eaee9647663a100cc233b';

describe('an accepted revision builds and publishes with its records', { concurrency: false }, () => {
  let box: Sandbox;
  let root: string;
  let dist: string;
  let mirror: Host;
  const artifacts = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/artifacts.ts', ...args], {
      cwd: box.dir,
      env: { ...process.env, AUDIT_ROOT: root, AUDIT_MIRROR: '', ...mirror.env },
      encoding: 'utf8',
    });

  before(async () => {
    mirror = await rawHost();
    box = sandbox();
    // The admitted files the first acceptance starts from: the current revision, as locked.
    root = mkdtempSync(join(tmpdir(), 'revision-root-'));
    for (const d of ['results', 'index', 'audit-sources']) cpSync(join(SHARED, d), join(root, d), { recursive: true });
  });
  after(() => {
    mirror.stop();
    box.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  test('the earlier revision is accepted, then the current one, each with a record and what to commit', () => {
    const lock = readFileSync(join(box.dir, 'artifacts.lock.json'), 'utf8');
    const first = artifacts('--accept', `${NORMALISER}=${EARLIER}`);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /accepted: wrote artifacts\.lock\.json and audit-changes\/0001-/);
    assert.match(first.stdout, /git add artifacts\.lock\.json audit-changes\/0001-\S+ && git commit/);
    assert.match(readFileSync(join(box.dir, 'artifacts.lock.json'), 'utf8'), new RegExp(EARLIER));
    const second = artifacts('--accept', `${NORMALISER}=${CURRENT}`);
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, /audit-changes\/0002-/);
    assert.equal(readdirSync(join(box.dir, 'audit-changes')).length, 2);
    assert.equal(readFileSync(join(box.dir, 'artifacts.lock.json'), 'utf8'), lock, 'back at the lock it started from');
    const again = artifacts('--accept', `${NORMALISER}=${CURRENT}`);
    assert.match(again.stdout, /nothing to accept/);
  });

  test('--prove downloads every entry and recomputes both records', () => {
    const r = artifacts('--prove');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /2 change record\(s\) recomputed from both sides and equal/);
  });

  test('--prove refuses a record whose change was edited', () => {
    const dir = join(box.dir, 'audit-changes');
    const [name] = readdirSync(dir).sort();
    const file = join(dir, name!);
    const saved = readFileSync(file, 'utf8');
    try {
      const record = JSON.parse(saved);
      record.changes[0].new.sha256 = '0'.repeat(64);
      writeFileSync(file, JSON.stringify(record, null, 2));
      const r = artifacts('--prove');
      assert.equal(r.status, 1);
      assert.match(r.stderr, /^error: Artifact refused \[history\] audit-changes\/0001-\S+ at \/changes\/0: /);
    } finally {
      writeFileSync(file, saved);
    }
  });

  test('the site builds from it', () => {
    const r = box.build({ AUDIT_ROOT: root });
    assert.equal(r.code, 0, r.output.slice(-3000));
    dist = r.dist;
  });

  test('/changes/ shows both records, newest first, each with its downloads', () => {
    const page = readFileSync(join(dist, 'changes/index.html'), 'utf8');
    assert.doesNotMatch(page, /No change has been recorded/);
    assert.ok(
      page.indexOf('id="change-0002"') > 0 && page.indexOf('id="change-0002"') < page.indexOf('id="change-0001"'),
      'newest first',
    );
    for (const n of ['0001', '0002']) {
      for (const table of ['files', 'leaves']) {
        const csv = join(dist, `data/table-change-${n}-${table}.csv`);
        assert.ok(existsSync(csv) && existsSync(`${csv}.meta.json`), `${csv} and its sidecar`);
      }
      const leaves = readFileSync(join(dist, `data/table-change-${n}-leaves.csv`), 'utf8');
      assert.match(
        leaves,
        /^results\/normaliser\.json,\/properties\/P5\/magnitude,string,[0-9a-f]{64},[0-9a-f]{64}\r$/m,
        `record ${n} names the one changed leaf`,
      );
      assert.equal(leaves.trim().split('\r\n').length, 2, `record ${n}: a header and that one leaf`);
    }
  });

  test("P5's page says its magnitude last changed in the newest record, and its verdict never did", () => {
    const page = readFileSync(join(dist, 'properties/p5/index.html'), 'utf8');
    const block = /<div class="last-changed"[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    assert.match(block, /How far off it is:\s+last changed in <a href="[^"]*\/changes\/#change-0002">/);
    assert.match(block, /Its verdict: unchanged in every recorded revision\./);
  });

  test("P1's page, which the change does not touch, says nothing of it moved", () => {
    const page = readFileSync(join(dist, 'properties/p1/index.html'), 'utf8');
    const block = /<div class="last-changed"[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    assert.match(block, /How far off it is: unchanged in every recorded revision\./);
  });
});
