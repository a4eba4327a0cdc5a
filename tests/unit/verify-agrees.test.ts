/**
 * `npm run verify` refuses whatever the build's first step refuses once the audit is admitted,
 * with the same one-line message, and no stack trace (issue #21, item 9). Each case is a copy that admission accepted
 * before: a predictor on one split only, a stale conclusion, a record naming a file twice.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadLock } from '../../src/admission/load.ts';
import { recordFileName } from '../../src/admission/history.ts';
import { historyDir } from '../../src/admission/paths.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import type { ChangeRecord } from '../../src/admission/schemas.ts';
import { refusalMessage } from '../../src/admission/report.ts';
import { admitForBuild } from '../../src/integration/admit.ts';
import { makeCopy, PROJECT, type Copy } from '../support/fixture.ts';

const CASES: [string, (c: Copy) => Promise<void>, RegExp][] = [
  [
    'a predictor present in one split only',
    async (c) => {
      c.set(
        'results/adversarial.json',
        '/splits/GAIA/predictors/extra',
        c.get('results/adversarial.json', '/splits/GAIA/predictors/silent'),
      );
      await c.relock();
    },
    /^error: Artifact refused \[totals\] results\/adversarial\.json at \/splits\/SWE Bench\/predictors\/extra: expected the same predictors on every split \(GAIA name "extra"\); found no predictor "extra" on SWE Bench\.$/,
  ],
  [
    'a stale conclusion',
    async (c) => {
      c.set('results/normaliser.json', '/shuffle/ambiguous_gold_spellings', ['Tool']);
      await c.relock();
    },
    /^error: src\/measures\/conclusions\.ts at conclusion "p5-moves-nothing": A sentence on the site states that .*\(conclusion "p5-moves-nothing"\)$/,
  ],
  [
    'a change record whose old side names a file twice',
    async (c) => {
      const lock = loadLock(c.lockPath);
      const files = lock.files.map((f) => ({ path: f.path, commit: f.commit, sha256: f.sha256 }));
      const old = files.map((f, i) => (i === 1 ? { ...f, path: files[0]!.path } : f));
      const record: ChangeRecord = {
        sequence: 1,
        date: '2026-11-30T12:00:00Z',
        old: { lock_digest: 'a'.repeat(64), files: old },
        new: { lock_digest: await lockDigest(lock), files },
        pins: [],
        changes: [],
      };
      mkdirSync(historyDir(c.lockPath), { recursive: true });
      writeFileSync(join(historyDir(c.lockPath), recordFileName(record)), JSON.stringify(record, null, 2) + '\n');
    },
    /^error: Artifact refused \[schema\] audit-changes\/0001-2026-11-30-[0-9a-f]{12}\.json at \/old\/files: expected each of the six paths once/,
  ],
];

const noStack = (text: string) => assert.doesNotMatch(text, /^\s+at /m, `no stack trace in:\n${text}`);

describe('verify and the build refuse alike', () => {
  for (const [name, tamper, line] of CASES) {
    test(name, async () => {
      const copy = makeCopy();
      try {
        await tamper(copy);
        const env = {
          ...process.env,
          AUDIT_ROOT: copy.root,
          AUDIT_LOCK: copy.lockPath,
          VERIFY_PREBUNDLE: '0',
          ASTRO_TELEMETRY_DISABLED: '1',
        };
        const verify = spawnSync(process.execPath, [join(PROJECT, 'scripts/verify.ts')], {
          cwd: PROJECT,
          env,
          encoding: 'utf8',
          timeout: 60_000,
        });
        assert.equal(verify.status, 1, verify.stdout + verify.stderr);
        const refusal = verify.stderr.split('\n')[0]!;
        assert.match(refusal, line);
        noStack(verify.stderr);

        // The build's first step, as the integration runs it (its refusal, as the build prints it, in build.test.ts).
        const saved = { AUDIT_ROOT: process.env['AUDIT_ROOT'], AUDIT_LOCK: process.env['AUDIT_LOCK'] };
        Object.assign(process.env, { AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
        let said: string | undefined;
        try {
          await admitForBuild({ info: () => {}, error: () => {} }, '/');
        } catch (e) {
          said = refusalMessage(e);
        } finally {
          for (const [k, v] of Object.entries(saved))
            if (v === undefined) delete process.env[k];
            else process.env[k] = v;
        }
        assert.equal(said?.split('\n')[0], refusal, 'the build says the same');
      } finally {
        copy.dispose();
      }
    });
  }
});
