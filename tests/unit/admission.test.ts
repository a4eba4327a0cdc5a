import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { indexDigest } from '../../src/admission/digest.ts';
import { ARTIFACT_PATHS } from '../../src/admission/schemas.ts';
import { LOCK, SHARED, makeCopy, type Copy } from '../support/fixture.ts';

test('the real artifacts are admitted, P1 to P9 each decided once', async () => {
  const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });
  assert.deepEqual(
    audit.properties.map((p) => p.name),
    ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'],
  );
  assert.equal(audit.checks.length, 8);
  assert.ok(audit.rederived.size > 300, 'hundreds of reported leaves are re-derived');
  assert.ok(Object.isFrozen(audit.adversarial.splits), 'the audit object is deeply frozen');
  assert.equal(await indexDigest(audit.index.splits), audit.pins.index_sha256);
});

interface Case {
  readonly name: string;
  readonly tamper: (c: Copy) => void;
  /** Whether the lock accepts the tampered bytes, so a later check must catch it. */
  readonly relock: boolean;
  readonly check: AdmissionError['check'];
  readonly file: string | RegExp;
  readonly pointer: string;
  readonly found?: RegExp;
}

const flip = (c: Copy, p: (typeof ARTIFACT_PATHS)[number]) => {
  const t = c.read(p);
  const i = t.indexOf('0', 200); // a digit inside the data, not structure
  c.write(p, t.slice(0, i) + '1' + t.slice(i + 1));
};

const CASES: Case[] = [
  ...ARTIFACT_PATHS.map((p): Case => ({
    name: `one changed byte in ${p}`,
    tamper: (c) => flip(c, p),
    relock: false,
    check: 'digest',
    file: p,
    pointer: '',
    found: /sha256/,
  })),
  {
    name: 'a truncated file',
    tamper: (c) => {
      const t = c.read('results/pairing.json');
      c.write('results/pairing.json', t.slice(0, t.indexOf('"prediction_has_null"')));
    },
    relock: true,
    check: 'json',
    file: 'results/pairing.json',
    pointer: '/runs/0',
    found: /end of the file/,
  },
  {
    name: 'a trailing comma',
    tamper: (c) =>
      c.write(
        'results/datacheck.json',
        c.read('results/datacheck.json').replace('"errors": 841\n', '"errors": 841,\n'),
      ),
    relock: true,
    check: 'json',
    file: 'results/datacheck.json',
    pointer: '/paper_prose',
    found: /"}/,
  },
  {
    // Admitted before, it stopped the build mid-render with a stack trace and the raw override character.
    name: 'a citation of another paper, hiding a bidi override',
    tamper: (c) =>
      c.write(
        'results/adversarial.json',
        c
          .read('results/adversarial.json')
          .replace('"arXiv:2505.08638v3, Table 1', '"arXiv:2505.08638v2\u202E, Table 1'),
      ),
    relock: true,
    check: 'pins',
    file: 'results/adversarial.json',
    pointer: '/table_1',
    found: /^"arXiv:2505\.08638v2\u202E, Table 1, page 7"$/,
  },
  {
    name: 'a removed key',
    tamper: (c) => c.drop('results/adversarial.json', '/splits/GAIA/predictors/silent/joint_accuracy'),
    relock: true,
    check: 'schema',
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/predictors/silent/joint_accuracy',
    found: /key is missing/,
  },
  {
    name: 'an extra key',
    tamper: (c) => c.set('results/catf1.json', '/rows/2/comment', 'hello'),
    relock: true,
    check: 'schema',
    file: 'results/catf1.json',
    pointer: '/rows/2/comment',
    found: /unknown key/,
  },
  {
    name: 'a string where a number belongs',
    tamper: (c) => c.set('results/adversarial.json', '/splits/SWE Bench/gold_errors', '256'),
    relock: true,
    check: 'schema',
    file: 'results/adversarial.json',
    pointer: '/splits/SWE Bench/gold_errors',
    found: /"256" \(string\)/,
  },
  {
    name: 'NaN written into the JSON',
    tamper: (c) =>
      c.write(
        'results/pairing.json',
        c.read('results/pairing.json').replace('"joint_accuracy": 1.0', '"joint_accuracy": NaN'),
      ),
    relock: true,
    check: 'json',
    file: 'results/pairing.json',
    pointer: '/runs/1/joint_accuracy',
    found: /NaN/,
  },
  {
    name: 'Infinity written into the JSON',
    tamper: (c) =>
      c.write(
        'results/adversarial.json',
        c.read('results/adversarial.json').replace('"volume_ratio": 1.0', '"volume_ratio": Infinity'),
      ),
    relock: true,
    check: 'json',
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/predictors/gold-exact/volume_ratio',
    found: /Infinity/,
  },
  {
    name: 'a different pinned_commit in one file',
    tamper: (c) => c.set('results/normaliser.json', '/pinned_commit', 'f'.repeat(40)),
    relock: true,
    check: 'pins',
    file: 'results/normaliser.json',
    pointer: '/pinned_commit',
  },
  {
    name: 'a different scorer digest in one file',
    tamper: (c) => c.set('results/pairing.json', '/scorer_sha256', 'e'.repeat(64)),
    relock: true,
    check: 'pins',
    file: 'results/pairing.json',
    pointer: '/scorer_sha256',
  },
  {
    name: 'one span id changed in the index, its summary still right (only the digest can tell)',
    tamper: (c) => {
      const first = Object.keys(c.get('index/spans.json', '/splits/GAIA') as object)[0]!;
      c.set('index/spans.json', `/splits/GAIA/${first}/0`, 'ffffffffffffffff');
    },
    relock: true,
    check: 'index',
    file: /index\/spans\.json|results\/adversarial\.json/,
    pointer: '',
    found: /index digest|another span index/,
  },
  {
    name: 'an index summary that disagrees with its lists',
    tamper: (c) => c.set('index/spans.json', '/summary/SWE Bench/distinct_spans', 1047),
    relock: true,
    check: 'index',
    file: 'index/spans.json',
    pointer: '/summary/SWE Bench/distinct_spans',
  },
  {
    name: 'a missing index_sha256',
    tamper: (c) => c.drop('results/catf1.json', '/index_sha256'),
    relock: true,
    check: 'schema',
    file: 'results/catf1.json',
    pointer: '/index_sha256',
  },
  {
    name: 'a verdict PASSED',
    tamper: (c) => c.set('results/datacheck.json', '/properties/P9/verdict', 'PASSED'),
    relock: true,
    check: 'schema',
    file: 'results/datacheck.json',
    pointer: '/properties/P9/verdict',
    found: /PASSED/,
  },
  {
    name: 'P7 decided twice',
    tamper: (c) =>
      c.set('results/pairing.json', '/properties/P7', {
        claim: 'a second opinion',
        verdict: 'HELD',
        magnitude: 'none',
      }),
    relock: true,
    check: 'properties',
    file: 'results/pairing.json',
    pointer: '/properties/P7',
    found: /second time/,
  },
  {
    name: 'P3 missing',
    tamper: (c) => c.drop('results/datacheck.json', '/properties/P3'),
    relock: true,
    check: 'properties',
    file: /results\/adversarial\.json.*results\/pairing\.json/,
    pointer: '/properties/P3',
    found: /no file decides it/,
  },
  {
    name: 'an unknown property P10',
    tamper: (c) => c.set('results/catf1.json', '/properties/P10', { claim: 'x', verdict: 'HELD', magnitude: 'y' }),
    relock: true,
    check: 'properties',
    file: 'results/catf1.json',
    pointer: '/properties/P10',
  },
  {
    name: 'a duplicate key (JSON.parse would keep the last)',
    tamper: (c) =>
      c.write(
        'results/pairing.json',
        c
          .read('results/pairing.json')
          .replace('"falsy_categories": 0,', '"falsy_categories": 0,\n    "falsy_categories": 1,'),
      ),
    relock: true,
    check: 'json',
    file: 'results/pairing.json',
    pointer: '/on_the_real_gold/falsy_categories',
  },
  {
    name: 'a score above one',
    tamper: (c) => c.set('results/catf1.json', '/rows/1/weighted_f1', 1.5),
    relock: true,
    check: 'schema',
    file: 'results/catf1.json',
    pointer: '/rows/1/weighted_f1',
  },
  {
    name: 'a stored volume ratio that its inputs do not give',
    tamper: (c) => c.set('results/adversarial.json', '/splits/GAIA/predictors/every-span-once/volume_ratio', 6.2),
    relock: true,
    check: 'derivation',
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/predictors/every-span-once/volume_ratio',
  },
  {
    name: 'a stored reachable ceiling that its inputs do not give',
    tamper: (c) => c.set('results/adversarial.json', '/splits/SWE Bench/reachable_ceiling', 0.97),
    relock: true,
    check: 'derivation',
    file: 'results/adversarial.json',
    pointer: '/splits/SWE Bench/reachable_ceiling',
  },
  {
    name: 'gold totals that disagree across files',
    tamper: (c) => c.set('results/pairing.json', '/on_the_real_gold/gold_errors', 841),
    relock: true,
    check: 'totals',
    file: 'results/pairing.json',
    pointer: '/on_the_real_gold/gold_errors',
  },
  {
    name: 'an empty results/',
    tamper: (c) => {
      for (const f of readdirSync(join(c.root, 'results'))) rmSync(join(c.root, 'results', f));
    },
    relock: false,
    check: 'presence',
    file: /^results\//,
    pointer: '',
    found: /nothing there/,
  },
];

describe('tamper matrix: every case is refused with the right file and pointer', () => {
  let refused = 0;
  after(() =>
    console.log(`tamper matrix: ${CASES.length} cases tried, ${refused} refused, each naming its file and pointer`),
  );
  for (const c of CASES) {
    test(c.name, async () => {
      const copy = makeCopy();
      try {
        c.tamper(copy);
        if (c.relock) await copy.relock();
        await assert.rejects(
          () => assembleAudit({ root: copy.root, lockPath: copy.lockPath }),
          (e: unknown) => {
            assert.ok(e instanceof AdmissionError, `expected an AdmissionError, got ${String(e)}`);
            assert.equal(e.check, c.check, e.message);
            if (typeof c.file === 'string') assert.equal(e.file, c.file, e.message);
            else assert.match(e.file, c.file, e.message);
            // A file that is not JSON has no pointer yet: its place is line:column.
            if (c.check === 'json') assert.match(e.pointer, /^\d+:\d+$/, e.message);
            else if (c.pointer) assert.equal(e.pointer, c.pointer, e.message);
            if (c.found && c.check !== 'json') assert.match(e.found, c.found, e.message);
            assert.match(e.message, /expected .+; found .+/);
            assert.doesNotMatch(e.message, /[\p{Cc}\p{Cf}]/u, 'the message shows no raw control or format character');
            return true;
          },
        );
        refused++;
      } finally {
        copy.dispose();
      }
    });
  }
});
