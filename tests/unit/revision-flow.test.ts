/**
 * Accepting a new audit revision, end to end on real data: the earlier revision of
 * normaliser.json (../shared/trail-scorer-audit-revisions/) is accepted, then the current
 * files again, and the site built from the result publishes both records, their downloads,
 * and the property page that says when its magnitude last changed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sandbox, type Sandbox } from '../support/build.ts';
import { SHARED } from '../support/fixture.ts';
import { auditFiles, startMirror, type Mirror, type MirrorFile } from '../support/mirror.ts';

const NORMALISER = 'results/normaliser.json';
// The current normaliser.json and its earlier revision, at the commits their SOURCE.md tables give.
const [currentFile, earlierFile] = auditFiles().filter((f) => f.path === NORMALISER) as [MirrorFile, MirrorFile];

describe('an accepted revision builds and publishes with its records', { concurrency: false }, () => {
  let box: Sandbox;
  let root: string;
  let earlier: string;
  let dist: string;
  let mirror: Mirror;
  const artifacts = (from: string, commit: string) =>
    spawnSync(
      process.execPath,
      ['scripts/artifacts.ts', '--from', from, '--update-lock', '--commit', `${NORMALISER}=${commit}`],
      {
        cwd: box.dir,
        env: { ...process.env, AUDIT_ROOT: root, ...mirror.env },
        encoding: 'utf8',
      },
    );

  before(async () => {
    // The audit's repository, stood in for on loopback: each credited commit is proven by a download from it.
    mirror = await startMirror();
    box = sandbox();
    // The admitted files the first acceptance starts from: the current revision, as locked.
    root = mkdtempSync(join(tmpdir(), 'revision-root-'));
    for (const d of ['results', 'index']) cpSync(join(SHARED, d), join(root, d), { recursive: true });
    // The earlier revision laid out like the audit's repository: the current files with its normaliser.json.
    earlier = mkdtempSync(join(tmpdir(), 'revision-earlier-'));
    for (const d of ['results', 'index']) cpSync(join(SHARED, d), join(earlier, d), { recursive: true });
    writeFileSync(join(earlier, NORMALISER), earlierFile.bytes);
  });
  after(() => {
    mirror.stop();
    box.dispose();
    rmSync(root, { recursive: true, force: true });
    rmSync(earlier, { recursive: true, force: true });
  });

  test('the earlier revision is accepted, then the current one, each with a record', () => {
    const first = artifacts(earlier, earlierFile.commit);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /change recorded: audit-changes\/0001-/);
    const second = artifacts(SHARED, currentFile.commit);
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, /change recorded: audit-changes\/0002-/);
    assert.equal(readdirSync(join(box.dir, 'audit-changes')).filter((f) => f.endsWith('.json')).length, 2);
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
    assert.match(block, /How far off it is: last changed in <a href="\/changes\/#change-0002">/);
    assert.match(block, /Its verdict: unchanged in every recorded revision\./);
  });

  test("P1's page, which the change does not touch, says nothing of it moved", () => {
    const page = readFileSync(join(dist, 'properties/p1/index.html'), 'utf8');
    const block = /<div class="last-changed"[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    assert.match(block, /How far off it is: unchanged in every recorded revision\./);
  });
});
