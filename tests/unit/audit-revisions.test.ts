/**
 * Accepting audit revisions on real data: the earlier normaliser.json in
 * ../shared/trail-scorer-audit-revisions, then the current one, each through the
 * command line with --update-lock, in a temp copy of the project's lock (the
 * repository's own lock and history are never touched). The second record must
 * name exactly the one leaf that differs, both commits, and P5's page must say so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadLock } from '../../src/admission/admit.ts';
import { assembleAudit, type Audit } from '../../src/audit/assemble.ts';
import { bringInFrom } from '../../src/admission/bring-in.ts';
import { loadHistory } from '../../src/admission/change-history.ts';
import { historyDir } from '../../src/admission/paths.ts';
import { sha256Hex } from '../../src/admission/digest.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { resolvePointer } from '../../src/admission/pointer.ts';
import { ARTIFACT_PATHS, ChangeRecord } from '../../src/admission/schemas.ts';
import { lastChanges } from '../../src/findings/change-log.ts';
import { allTables } from '../../src/findings/registry.ts';
import { changeTables } from '../../src/tables/changes.ts';
import { LOCK, PROJECT, SHARED } from '../support/fixture.ts';
import { startMirror, type Mirror } from '../support/mirror.ts';

// Beside the current artifacts (../shared relative to the repository in a fresh clone).
const REVISIONS = resolve(process.env['AUDIT_REVISIONS'] ?? join(dirname(SHARED), 'trail-scorer-audit-revisions'));
const NORMALISER = 'results/normaliser.json';
const P5_MAGNITUDE = '/properties/P5/magnitude';

/** The source commit each SOURCE.md table gives for a path (the commits are read, never typed here). */
function sourceCommit(sourceMd: string, path: string): string {
  const row = readFileSync(sourceMd, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`| ${path} |`));
  const commit = row?.split('|')[2]?.trim();
  assert.match(commit ?? '', /^[0-9a-f]{40}$/, `${sourceMd} gives no commit for ${path}`);
  return commit!;
}

const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [join(PROJECT, 'scripts/artifacts.ts'), ...args], {
    cwd: PROJECT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe(
  'two real audit revisions, accepted in turn',
  { skip: !existsSync(REVISIONS) && process.env['GITHUB_ACTIONS'] ? `no ${REVISIONS} on this runner` : false },
  () => {
    let state: string;
    let lockPath: string;
    let earlier: string;
    let env: Record<string, string>;
    let oldCommit: string;
    let newCommit: string;
    let mirror: Mirror;
    before(async () => {
      // The audit's repository, stood in for on loopback: it proves each credited commit by serving the file at it.
      mirror = await startMirror();
      const [dir] = readdirSync(REVISIONS).filter((d) => /^[0-9a-f]{40}$/.test(d));
      assert.ok(dir, `no revision folder in ${REVISIONS}`);
      oldCommit = sourceCommit(join(REVISIONS, 'SOURCE.md'), `${dir}/${NORMALISER}`);
      assert.equal(oldCommit, dir);
      newCommit = sourceCommit(join(SHARED, 'SOURCE.md'), NORMALISER);
      // A temp project state: the lock (no history yet) and the currently locked files.
      state = mkdtempSync(join(tmpdir(), 'trail-revisions-'));
      lockPath = join(state, 'artifacts.lock.json');
      cpSync(LOCK, lockPath);
      bringInFrom(SHARED, state, loadLock(lockPath), lockPath);
      // The earlier revision as a folder laid out like the audit: its normaliser.json, the other five as they are.
      earlier = mkdtempSync(join(tmpdir(), 'trail-earlier-'));
      for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(earlier, p));
      cpSync(join(REVISIONS, dir!, NORMALISER), join(earlier, NORMALISER));
      env = { AUDIT_ROOT: state, AUDIT_LOCK: lockPath, ...mirror.env };
    });
    after(() => {
      mirror.stop();
      rmSync(state, { recursive: true, force: true });
      rmSync(earlier, { recursive: true, force: true });
    });

    test('bringing in the earlier revision writes the first record', () => {
      const r = run(['--from', earlier, '--update-lock', '--commit', `${NORMALISER}=${oldCommit}`], env);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /change recorded: .*0001-\d{4}-\d{2}-\d{2}-[0-9a-f]{12}\.json/);
      assert.match(r.stdout, /admitted 6 artifacts/);
    });

    test('bringing in the current revision writes the second, naming exactly the changed leaf and both commits', () => {
      const r = run(['--from', SHARED, '--update-lock', '--commit', `${NORMALISER}=${newCommit}`], env);
      assert.equal(r.status, 0, r.stderr);
      const names = readdirSync(historyDir(lockPath)).sort();
      assert.equal(names.length, 2);
      const record = ChangeRecord.parse(JSON.parse(readFileSync(join(historyDir(lockPath), names[1]!), 'utf8')));
      const text = (dir: string) =>
        resolvePointer(JSON.parse(readFileSync(join(dir, NORMALISER), 'utf8')), P5_MAGNITUDE) as string;
      assert.deepEqual(record.changes, [
        {
          file: NORMALISER,
          pointer: P5_MAGNITUDE,
          old: { type: 'string', sha256: sha256Hex(text(earlier)) },
          new: { type: 'string', sha256: sha256Hex(text(SHARED)) },
        },
      ]);
      const commit = (side: ChangeRecord['old'], path: string) => side.files.find((f) => f.path === path)!.commit;
      assert.equal(commit(record.old, NORMALISER), oldCommit);
      assert.equal(commit(record.new, NORMALISER), newCommit);
      for (const p of ARTIFACT_PATHS.filter((q) => q !== NORMALISER))
        assert.equal(commit(record.old, p), commit(record.new, p));
      // Back at the revision the project locks: same digest, and the record says so.
      assert.equal(record.new.lock_digest, lockDigest(loadLock(LOCK)));
      assert.equal(
        readFileSync(join(historyDir(lockPath), names[1]!), 'utf8').includes(text(SHARED)),
        false,
        'the record holds no audit text',
      );
    });

    test("P5's page reads the change: its magnitude changed in the second record, its verdict never", () => {
      const audit: Audit = assembleAudit({ root: state, lockPath });
      assert.equal(audit.history.length, 2);
      const [verdict, magnitude, figures] = lastChanges(audit, 'P5');
      assert.equal(verdict!.record, undefined);
      assert.equal(magnitude!.record?.record.sequence, 2);
      assert.deepEqual(
        magnitude!.changes.map((c) => c.pointer),
        [P5_MAGNITUDE],
      );
      assert.equal(figures!.record, undefined);
      assert.equal(lastChanges(audit, 'P4')[1]!.record, undefined, "P4's magnitude did not change");
    });

    test('every change record table the changes page shows is among the tables whose CSV the build writes', () => {
      const audit: Audit = assembleAudit({ root: state, lockPath });
      const ids = allTables(audit).map((t) => t.id);
      for (const t of changeTables(audit)) assert.ok(ids.includes(t.id), t.id);
      assert.ok(ids.includes('table-change-0002-leaves'));
    });

    test('the records are admitted only as one chain ending at the lock', () => {
      const lock = loadLock(lockPath);
      const dir = historyDir(lockPath);
      const [first, second] = readdirSync(dir).sort();
      const refuses = (fn: () => void, pattern: RegExp) =>
        assert.throws(fn, (e: AdmissionError) => e.check === 'history' && pattern.test(e.message));
      // A lock changed by hand, without a record.
      const edited = {
        ...lock,
        files: lock.files.map((f) => (f.path === NORMALISER ? { ...f, commit: oldCommit } : f)),
      };
      refuses(
        () => loadHistory(lockPath, edited),
        new RegExp(`${second}.*the newest record must end where the lock is`),
      );
      // A record taken out of the chain.
      const saved = readFileSync(join(dir, first!));
      rmSync(join(dir, first!));
      try {
        refuses(() => loadHistory(lockPath, lock), /at \/sequence: expected 1/);
      } finally {
        writeFileSync(join(dir, first!), saved);
      }
      // A stray file, and a record whose content no longer matches its schema.
      writeFileSync(join(dir, 'notes.txt'), 'x');
      try {
        refuses(() => loadHistory(lockPath, lock), /notes\.txt.*only change records/);
      } finally {
        rmSync(join(dir, 'notes.txt'));
      }
      const text = readFileSync(join(dir, second!), 'utf8');
      writeFileSync(join(dir, second!), text.replace('"type": "string"', '"type": "words"'));
      try {
        assert.throws(
          () => loadHistory(lockPath, lock),
          (e: AdmissionError) => e.check === 'schema' && e.file.endsWith(second!),
        );
      } finally {
        writeFileSync(join(dir, second!), text);
      }
      assert.equal(loadHistory(lockPath, lock).length, 2);
    });

    test('the lock names the head of the records: deleting, truncating or editing any is refused', () => {
      const lock = loadLock(lockPath);
      const dir = historyDir(lockPath);
      const names = readdirSync(dir).sort();
      assert.deepEqual(lock.history, {
        records: 2,
        head: sha256Hex(names.map((n) => sha256Hex(readFileSync(join(dir, n)))).join('\n')),
      });
      const refuses = (fn: () => void, pattern: RegExp) =>
        assert.throws(fn, (e: AdmissionError) => e.check === 'history' && pattern.test(e.message));
      const saved = names.map((n) => readFileSync(join(dir, n)));
      const restore = () => names.forEach((n, i) => writeFileSync(join(dir, n), saved[i]!));
      try {
        // Every record deleted: the lock still names two.
        for (const n of names) rmSync(join(dir, n));
        refuses(
          () => loadHistory(lockPath, lock),
          /artifacts\.lock\.json at \/history: .*found no record in audit-changes\/: records were deleted/,
        );
        restore();
        // The newest deleted, and the lock put back by hand to the revision before it: the head names two records.
        rmSync(join(dir, names[1]!));
        const first = ChangeRecord.parse(JSON.parse(saved[0]!.toString()));
        const back = {
          ...lock,
          files: lock.files.map((f) => ({
            ...f,
            ...first.new.files.find((g) => g.path === f.path),
            ...(f.path === NORMALISER ? { bytes: readFileSync(join(earlier, NORMALISER)).length } : {}),
          })),
        };
        refuses(() => loadHistory(lockPath, back), /at \/history: .*1 record\(s\)/);
        restore();
        // A record edited in place (its date): the head's digest no longer matches.
        writeFileSync(
          join(dir, names[1]!),
          saved[1]!.toString().replace(/"date": "(\d{4})/, (_, y) => `"date": "${Number(y) + 1}`),
        );
        assert.throws(
          () => loadHistory(lockPath, lock),
          (e: AdmissionError) => e.check === 'history',
        );
      } finally {
        restore();
      }
      // A lock without the head, as before this check existed, while records exist.
      const { history: _, ...headless } = lock;
      refuses(() => loadHistory(lockPath, headless), /at \/history: .*found 2 record\(s\)/);
    });

    test("the newest record's changed values must be what the admitted files hold, even with the lock's head rewritten to match", () => {
      const dir = historyDir(lockPath);
      const names = readdirSync(dir).sort();
      const newest = join(dir, names[1]!);
      const saved = readFileSync(newest);
      const lockText = readFileSync(lockPath);
      const forge = (edit: (r: ChangeRecord) => ChangeRecord) => {
        const record = edit(ChangeRecord.parse(JSON.parse(saved.toString())));
        const text = JSON.stringify(record, null, 2) + '\n';
        writeFileSync(newest, text);
        const lock = loadLock(lockPath);
        writeFileSync(
          lockPath,
          JSON.stringify(
            {
              ...lock,
              history: {
                records: 2,
                head: sha256Hex([sha256Hex(readFileSync(join(dir, names[0]!))), sha256Hex(text)].join('\n')),
              },
            },
            null,
            2,
          ),
        );
      };
      try {
        forge((r) => ({
          ...r,
          changes: [
            ...r.changes,
            {
              file: NORMALISER,
              pointer: '/properties/P5/verdict',
              old: { type: 'verdict', value: 'HELD' },
              new: { type: 'verdict', value: 'HELD' },
            },
          ],
        }));
        assert.throws(
          () => assembleAudit({ root: state, lockPath }),
          (e: AdmissionError) =>
            e.check === 'history' &&
            /\/changes\/1\/new: expected results\/normaliser\.json at \/properties\/P5\/verdict as the admitted file holds it/.test(
              e.message,
            ),
        );
        forge((r) => ({
          ...r,
          changes: [
            ...r.changes,
            {
              file: 'results/datacheck.json',
              pointer: '/gold_files/parsed',
              old: { type: 'number', value: 147 },
              new: { type: 'number', value: 999 },
            },
          ],
        }));
        assert.throws(
          () => assembleAudit({ root: state, lockPath }),
          (e: AdmissionError) => e.check === 'history',
        );
      } finally {
        writeFileSync(newest, saved);
        writeFileSync(lockPath, lockText);
      }
      assert.equal(assembleAudit({ root: state, lockPath }).history.length, 2);
    });

    test('--prove downloads every commit the lock and the records name, recomputes each record, and refuses a forged older record admission cannot see', () => {
      const ok = run(['--prove'], env);
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(
        ok.stdout,
        /proved: 7 file\(s\) at their credited commits hold the recorded bytes; 2 change record\(s\) recomputed from both sides and equal/,
      );
      const dir = historyDir(lockPath);
      const names = readdirSync(dir).sort();
      const saved = names.map((n) => readFileSync(join(dir, n)));
      const lockText = readFileSync(lockPath);
      try {
        // Record 0001 says its one leaf changed to other text; the lock's head is rewritten to match, as a forger would.
        const forged = JSON.parse(saved[0]!.toString());
        forged.changes[0].new.sha256 = sha256Hex('some other text');
        const text = JSON.stringify(forged, null, 2) + '\n';
        writeFileSync(join(dir, names[0]!), text);
        const lock = loadLock(lockPath);
        writeFileSync(
          lockPath,
          JSON.stringify(
            { ...lock, history: { records: 2, head: sha256Hex([sha256Hex(text), sha256Hex(saved[1]!)].join('\n')) } },
            null,
            2,
          ),
        );
        assert.equal(assembleAudit({ root: state, lockPath }).history.length, 2, 'offline, nothing shows the forgery');
        const r = run(['--prove'], env);
        assert.equal(r.status, 1);
        assert.match(
          r.stderr,
          new RegExp(
            `Artifact refused \\[history\\] audit-changes/${names[0]} at /changes/0: expected the change recomputed from both sides' files`,
          ),
        );
        // And a commit the audit's repository does not have.
        writeFileSync(join(dir, names[0]!), saved[0]!);
        writeFileSync(lockPath, lockText);
        const stripped = run(['--prove'], { ...env, AUDIT_DOWNLOAD_BASE: `${env['AUDIT_DOWNLOAD_BASE']}nowhere/` });
        assert.equal(stripped.status, 1);
        assert.match(
          stripped.stderr,
          /downloaded from DataScienceVishal\/trail-scorer-audit to prove it; found a failed download \(HTTP 404\)/,
        );
      } finally {
        names.forEach((n, i) => writeFileSync(join(dir, n), saved[i]!));
        writeFileSync(lockPath, lockText);
      }
    });

    test('a record that names a path twice, or a date that is no real date, is refused with one message', () => {
      const dir = historyDir(lockPath);
      const names = readdirSync(dir).sort();
      const newest = join(dir, names[1]!);
      const saved = readFileSync(newest, 'utf8');
      const record = JSON.parse(saved);
      try {
        writeFileSync(
          newest,
          JSON.stringify(
            { ...record, old: { ...record.old, files: [record.old.files[0], ...record.old.files.slice(0, 5)] } },
            null,
            2,
          ),
        );
        assert.throws(
          () => loadHistory(lockPath, loadLock(lockPath)),
          (e: AdmissionError) => e.check === 'schema' && /each of the six paths once/.test(e.message),
        );
        writeFileSync(newest, JSON.stringify({ ...record, date: '2026-02-30T00:00:00Z' }, null, 2));
        assert.throws(
          () => loadHistory(lockPath, loadLock(lockPath)),
          (e: AdmissionError) => e.check === 'schema' && /a real date and time/.test(e.message),
        );
      } finally {
        writeFileSync(newest, saved);
      }
    });
  },
);
