/**
 * The change records offline: accepting the earlier normaliser.json (at 9cf6e391, brought
 * from the audit's mirror on loopback) writes one record naming exactly the changed leaf;
 * admission then refuses a record that does not end at the lock, names a value the file
 * does not hold, is misnamed, or breaks the sequence.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { admitBytes } from '../../src/admission/admit.ts';
import { acceptRevision } from '../../src/admission/bring-in.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { admitFromDisk, loadLock } from '../../src/admission/load.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { historyDir } from '../../src/admission/paths.ts';
import { ARTIFACT_PATHS, ChangeRecord } from '../../src/admission/schemas.ts';
import { LOCK, SHARED } from '../support/fixture.ts';
import { rawHost, type Host } from '../support/mirror.ts';

const NORMALISER = 'results/normaliser.json';
const EARLIER = '9cf6e391c5a3e2908c57b9ca1c9dfde99fd37613';

describe('change records', { concurrency: false }, () => {
  let mirror: Host;
  let dir: string;
  let lockFile: string;
  let record: string;
  before(async () => {
    mirror = await rawHost();
    dir = mkdtempSync(join(tmpdir(), 'trail-revisions-'));
    for (const d of ['results', 'index']) cpSync(join(SHARED, d), join(dir, d), { recursive: true });
    lockFile = join(dir, 'artifacts.lock.json');
    cpSync(LOCK, lockFile);
    const accepted = await acceptRevision(
      dir,
      lockFile,
      new Map([[NORMALISER, EARLIER]]),
      { base: mirror.env.AUDIT_DOWNLOAD_BASE },
      admitBytes,
      '2026-12-01T10:00:00Z',
    );
    record = accepted.record!;
  });
  after(() => {
    mirror.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const refused = async (pattern: RegExp) =>
    assert.rejects(admitFromDisk(dir, lockFile), (e: unknown) => {
      assert.ok(e instanceof AdmissionError, String(e));
      assert.ok(['history', 'schema'].includes(e.check), e.message);
      assert.match(e.message, pattern);
      return true;
    });
  /** Runs `fn` with the record's text changed, then puts it back. */
  const withRecord = async (edit: (r: ChangeRecord) => void, fn: () => Promise<void>) => {
    const saved = readFileSync(record, 'utf8');
    const r = JSON.parse(saved) as ChangeRecord;
    edit(r);
    writeFileSync(record, JSON.stringify(r));
    try {
      await fn();
    } finally {
      writeFileSync(record, saved);
    }
  };

  test('accepting the earlier normaliser writes one record of exactly its changed leaf and both commits', async () => {
    const r = ChangeRecord.parse(JSON.parse(readFileSync(record, 'utf8')));
    assert.equal(r.sequence, 1);
    assert.deepEqual(
      r.changes.map((c) => [c.file, c.pointer, c.old?.type, c.new?.type]),
      [[NORMALISER, '/properties/P5/magnitude', 'string', 'string']],
    );
    const commit = (side: ChangeRecord['old']) => side.files.find((f) => f.path === NORMALISER)!.commit;
    assert.equal(commit(r.new), EARLIER);
    assert.equal(commit(r.old), loadLock(LOCK).files.find((f) => f.path === NORMALISER)!.commit);
    assert.equal(r.old.lock_digest, await lockDigest(loadLock(LOCK)));
    assert.equal(r.new.lock_digest, await lockDigest(loadLock(lockFile)));
    const audit = await admitFromDisk(dir, lockFile);
    assert.equal(audit.history.length, 1);
  });

  test('a lock changed without a record is refused', async () => {
    const saved = readFileSync(lockFile, 'utf8');
    writeFileSync(lockFile, readFileSync(LOCK));
    try {
      for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(dir, p));
      await refused(/\/new\/lock_digest: expected [0-9a-f]{64}, the lock's own/);
    } finally {
      writeFileSync(lockFile, saved);
      await acceptBack();
    }
  });

  test('a changed value the file does not hold is refused', () =>
    withRecord(
      (r) => void (r.changes[0]!.new = { type: 'string', sha256: '0'.repeat(64) }),
      () => refused(/\/changes\/0\/new: expected results\/normaliser\.json at \/properties\/P5\/magnitude/),
    ));

  test('a record out of sequence is refused', () =>
    withRecord(
      (r) => void (r.sequence = 2),
      () => refused(/expected the name audit-changes\/0002-/),
    ));

  test('a record under another name is refused', async () => {
    const moved = join(historyDir(lockFile), '0001-2026-12-01-000000000000.json');
    renameSync(record, moved);
    try {
      await refused(/expected the name audit-changes\/0001-2026-12-01-[0-9a-f]{12}\.json/);
    } finally {
      renameSync(moved, record);
    }
  });

  test('a record that is not a record is refused by its schema', () =>
    withRecord(
      (r) => void (r.date = '2026-02-30T00:00:00Z'),
      () => refused(/\[schema\].*\/date: .*a real date and time/),
    ));

  /** The test that restored the current files puts the earlier normaliser back, as the accepted lock says. */
  async function acceptBack() {
    const lock = loadLock(lockFile);
    const e = lock.files.find((f) => f.path === NORMALISER)!;
    const res = await fetch(`${mirror.env.AUDIT_DOWNLOAD_BASE}${e.repository}/${e.commit}/${e.path}`);
    writeFileSync(join(dir, NORMALISER), new Uint8Array(await res.arrayBuffer()));
    assert.equal(readdirSync(historyDir(lockFile)).length, 1);
  }
});
