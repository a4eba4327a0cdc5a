/** Every re-derivation refuses a reported leaf it disagrees with, naming the leaf, the artifact's value and ours. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { REDERIVATIONS } from '../../src/rederive/index.ts';
import { magnitudeFigures } from '../../src/rederive/magnitudes.ts';
import { restateFigures } from '../support/synthetic-audit.ts';
import { LOCK, PROJECT, SHARED, makeCopy, type Copy } from '../support/fixture.ts';

interface Case {
  readonly derivation: string;
  readonly what: string;
  readonly tamper: (c: Copy) => void;
  readonly file: string;
  readonly pointer: string;
}

const swTrace = 'e7bdf7bbf6b931c3be95afe323704041';

/** One figure inside a property's magnitude changed (the first occurrence of `from`, which must be there), the rest of the text kept. */
function figureCase(
  name: string,
  file: string,
  from: string,
  to: string,
  what: string,
  derivation = 'magnitude-figures',
): Case {
  const pointer = `/properties/${name}/magnitude`;
  return {
    derivation,
    what: `${name}'s magnitude: ${what}, ${from} changed to ${to}`,
    tamper: (c) => {
      const text = c.get(file as 'results/datacheck.json', pointer) as string;
      assert.ok(text.includes(from), `${name}'s magnitude states ${from}`);
      c.set(file as 'results/datacheck.json', pointer, text.replace(from, to));
    },
    file,
    pointer,
  };
}

const MAGNITUDE_CASES: Case[] = [
  figureCase('P1', 'results/adversarial.json', 'against 0.183', 'against 0.184', 'a best published score'),
  figureCase('P1', 'results/adversarial.json', 'location 0.961', 'location 0.962', "the headline's location accuracy"),
  // P2's two figures are its stated count, which the off-index look-up reads first.
  figureCase('P2', 'results/adversarial.json', '2 of 836', '2 of 837', 'the gold locations', 'absent-locations'),
  figureCase('P3', 'results/datacheck.json', '147 of 148', '146 of 148', 'the files that parse'),
  figureCase('P3', 'results/datacheck.json', 'divides by 147', 'divides by 148', 'the divisor'),
  figureCase('P4', 'results/datacheck.json', 'covering 19', 'covering 18', 'the errors off the taxonomy'),
  figureCase('P5', 'results/normaliser.json', '3,205', '3,206', 'the substrings'),
  figureCase('P5', 'results/normaliser.json', '115 of them', '114 of them', 'the strings moved by the shuffle'),
  figureCase('P5', 'results/normaliser.json', 'of the 24', 'of the 25', 'the rescored figures'),
  figureCase('P6', 'results/normaliser.json', 'is 12 characters', 'is 11 characters', 'the shortest label'),
  figureCase('P6', 'results/normaliser.json', 'by 2 characters', 'by 3 characters', 'the longest shortest string'),
  figureCase('P6', 'results/normaliser.json', '8 of them', '9 of them', 'the labels reached by one character'),
  figureCase('P6', 'results/normaliser.json', 'by one', 'by two', 'the length spelled out'),
  figureCase('P7', 'results/catf1.json', 'same 21 columns', 'same 19 columns', 'the columns'),
  figureCase('P7', 'results/catf1.json', 'at 0.974', 'at 0.975', 'a location accuracy'),
  figureCase(
    'P7',
    'results/catf1.json',
    'one at 0.000; SWE',
    'one at 0.001; SWE',
    "the one-span predictor's location accuracy",
  ),
  figureCase('P8', 'results/pairing.json', 'from 1.000', 'from 0.667', "the control's joint accuracy"),
  figureCase('P8', 'results/pairing.json', 'to 0.000', 'to 0.500', 'the joint accuracy with a null'),
  figureCase('P8', 'results/pairing.json', '0 of 836', '1 of 836', 'the real gold errors with a null'),
  figureCase('P8', 'results/pairing.json', 'one null', 'two null', 'the null categories spelled out'),
  figureCase('P9', 'results/datacheck.json', 'at 0ffbed9db859', 'at 0ffbed9db85a', 'the commit'),
];

const CASES: Case[] = [
  {
    derivation: 'span-index',
    what: "Table 5's span count for the tree",
    tamper: (c) => c.set('results/datacheck.json', '/splits/GAIA/here/spans', 3580),
    file: 'results/datacheck.json',
    pointer: '/splits/GAIA/here/spans',
  },
  {
    derivation: 'span-index',
    what: "Table 5's trace count for the tree",
    tamper: (c) => c.set('results/datacheck.json', '/splits/SWE Bench/here/traces', 30),
    file: 'results/datacheck.json',
    pointer: '/splits/SWE Bench/here/traces',
  },
  {
    derivation: 'span-index',
    what: 'what every-span-once emits',
    tamper: (c) => {
      c.set('results/adversarial.json', '/splits/GAIA/predictors/every-span-once/predicted_errors', 3566);
      c.set('results/adversarial.json', '/splits/GAIA/predictors/every-span-once/volume_ratio', 6.1482758621);
    },
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/predictors/every-span-once/predicted_errors',
  },
  {
    derivation: 'ratios-and-ceilings',
    what: 'a reachable ceiling',
    tamper: (c) => c.set('results/adversarial.json', '/splits/GAIA/reachable_ceiling', 0.9741379311),
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/reachable_ceiling',
  },
  {
    derivation: 'ratios-and-ceilings',
    what: 'a volume ratio',
    tamper: (c) => c.set('results/adversarial.json', '/splits/SWE Bench/predictors/gold-exact/volume_ratio', 1.01),
    file: 'results/adversarial.json',
    pointer: '/splits/SWE Bench/predictors/gold-exact/volume_ratio',
  },
  {
    derivation: 'absent-locations',
    what: 'an off-index location that the index holds after all',
    tamper: (c) =>
      c.set(
        'results/adversarial.json',
        `/splits/SWE Bench/locations_off_the_index/${swTrace}/0`,
        (c.get('index/spans.json', `/splits/SWE Bench/${swTrace}`) as string[])[0],
      ),
    file: 'results/adversarial.json',
    pointer: `/splits/SWE Bench/locations_off_the_index/${swTrace}/0`,
  },
  {
    derivation: 'reference-predictors',
    what: "the answer key's precision",
    tamper: (c) => c.set('results/adversarial.json', '/splits/GAIA/predictors/gold-exact/joint_precision', 0.97),
    file: 'results/adversarial.json',
    pointer: '/splits/GAIA/predictors/gold-exact/joint_precision',
  },
  {
    derivation: 'reference-predictors',
    what: "catf1's copy of a headline row",
    tamper: (c) => c.set('results/catf1.json', '/rows/6/location_accuracy', 0.9612251549),
    file: 'results/catf1.json',
    pointer: '/rows/6/location_accuracy',
  },
  {
    derivation: 'reference-predictors',
    what: 'a pinned rescoring',
    tamper: (c) => c.set('results/normaliser.json', '/shuffle/scores/3/joint_accuracy/pinned', 0.0877907773),
    file: 'results/normaliser.json',
    pointer: '/shuffle/scores/3/joint_accuracy/pinned',
  },
  {
    derivation: 'table-5',
    what: "P9's stated count",
    tamper: (c) =>
      c.set(
        'results/datacheck.json',
        '/properties/P9/magnitude',
        '7 of the 10 Table 5 cells this repository can compare disagree',
      ),
    file: 'results/datacheck.json',
    pointer: '/properties/P9/magnitude',
  },
  ...MAGNITUDE_CASES,
  {
    derivation: 'normaliser',
    what: 'the substring count',
    tamper: (c) => c.set('results/normaliser.json', '/substrings_enumerated', 3206),
    file: 'results/normaliser.json',
    pointer: '/substrings_enumerated',
  },
  {
    derivation: 'normaliser',
    what: 'a probe',
    tamper: (c) => c.set('results/normaliser.json', '/quoted_in_the_spec/error', 'Formatting Errors'),
    file: 'results/normaliser.json',
    pointer: '/quoted_in_the_spec/error',
  },
  {
    derivation: 'normaliser',
    what: 'the whitespace probe',
    tamper: (c) => c.set('results/normaliser.json', '/whitespace_only', 'Tool-related'),
    file: 'results/normaliser.json',
    pointer: '/whitespace_only',
  },
  {
    derivation: 'normaliser',
    what: "a label's reaching count",
    tamper: (c) => c.set('results/normaliser.json', '/shortest_reaching/Tool-related/reaching', 69),
    file: 'results/normaliser.json',
    pointer: '/shortest_reaching/Tool-related/reaching',
  },
  {
    derivation: 'normaliser',
    what: "a label's shortest strings",
    tamper: (c) => c.set('results/normaliser.json', '/shortest_reaching/Rate Limiting/strings', ['rl']),
    file: 'results/normaliser.json',
    pointer: '/shortest_reaching/Rate Limiting/strings',
  },
  {
    derivation: 'normaliser',
    what: 'the moved count',
    tamper: (c) => c.set('results/normaliser.json', '/order_dependent/moved_under_the_shuffle', 114),
    file: 'results/normaliser.json',
    pointer: '/order_dependent/moved_under_the_shuffle',
  },
  {
    derivation: 'normaliser',
    what: "an order-dependent string's shuffled label",
    tamper: (c) => c.set('results/normaliser.json', '/order_dependent/strings/5/shuffled', 'Timeout Issues'),
    file: 'results/normaliser.json',
    pointer: '/order_dependent/strings',
  },
  {
    derivation: 'normaliser',
    what: "a drifted spelling's loop",
    tamper: (c) => c.set('results/normaliser.json', '/gold_drift/1/loop', 'exact'),
    file: 'results/normaliser.json',
    pointer: '/gold_drift/1/loop',
  },
  {
    derivation: 'normaliser',
    what: 'the dropped-spelling count',
    tamper: (c) => c.set('results/datacheck.json', '/vocabulary/dropped_spellings', 2),
    file: 'results/datacheck.json',
    pointer: '/vocabulary/dropped_spellings',
  },
  {
    derivation: 'category-scores',
    what: 'a weighted F-score',
    tamper: (c) => c.set('results/catf1.json', '/rows/2/weighted_f1', 0.4725428165),
    file: 'results/catf1.json',
    pointer: '/rows/2/weighted_f1',
  },
  {
    derivation: 'category-scores',
    what: 'a per-category F-score',
    tamper: (c) => c.set('results/catf1.json', '/rows/1/per_category/Tool-related/f1', 0.5),
    file: 'results/catf1.json',
    pointer: '/rows/1/per_category/Tool-related/f1',
  },
  {
    derivation: 'category-scores',
    what: 'the categories at full recall',
    tamper: (c) => c.set('results/catf1.json', '/rows/5/categories_at_full_recall', 12),
    file: 'results/catf1.json',
    pointer: '/rows/5/categories_at_full_recall',
  },
  {
    derivation: 'category-scores',
    what: 'the splits with identical blocks',
    tamper: (c) => c.set('results/catf1.json', '/identical_per_category_block', ['GAIA']),
    file: 'results/catf1.json',
    pointer: '/identical_per_category_block',
  },
  {
    derivation: 'pairing',
    what: "a run's joint accuracy",
    tamper: (c) => c.set('results/pairing.json', '/runs/2/joint_accuracy', 0.5),
    file: 'results/pairing.json',
    pointer: '/runs/2/joint_accuracy',
  },
  {
    derivation: 'verdicts',
    what: "P5's verdict",
    tamper: (c) => c.set('results/normaliser.json', '/properties/P5/verdict', 'VIOLATED'),
    file: 'results/normaliser.json',
    pointer: '/properties/P5/verdict',
  },
  {
    derivation: 'verdicts',
    what: "P8's verdict",
    tamper: (c) => c.set('results/pairing.json', '/properties/P8/verdict', 'HELD'),
    file: 'results/pairing.json',
    pointer: '/properties/P8/verdict',
  },
  {
    derivation: 'verdicts',
    what: "P1's verdict",
    tamper: (c) => c.set('results/adversarial.json', '/properties/P1/verdict', 'HELD'),
    file: 'results/adversarial.json',
    pointer: '/properties/P1/verdict',
  },
];

test('every re-derivation agrees on the real artifacts', async () => {
  const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });
  for (const r of audit.rederivations) assert.ok(r.comparisons.length > 0, r.name);
});

describe('a changed reported leaf fails admission, naming it', () => {
  let refused = 0;
  after(() =>
    console.log(`re-derivation tampers: ${CASES.length} tried, ${refused} refused; every derivation covered`),
  );
  test('each re-derivation has at least one tamper case', () => {
    assert.deepEqual([...new Set(CASES.map((c) => c.derivation))].sort(), REDERIVATIONS.map((r) => r.name).sort());
  });
  for (const c of CASES) {
    test(`${c.derivation}: ${c.what}`, async () => {
      const copy = makeCopy();
      try {
        c.tamper(copy);
        await copy.relock();
        await assert.rejects(
          () => assembleAudit({ root: copy.root, lockPath: copy.lockPath }),
          (e: unknown) => {
            assert.ok(e instanceof AdmissionError, String(e));
            assert.equal(e.check, 'derivation', e.message);
            assert.equal(e.file, c.file, e.message);
            assert.equal(e.pointer, c.pointer, e.message);
            assert.match(e.expected, new RegExp(`re-derived at build by "${c.derivation}"`), e.message);
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

test('npm run verify refuses a changed figure inside a magnitude in one line, naming the file and the magnitude', async () => {
  const copy = makeCopy();
  try {
    const pointer = '/properties/P7/magnitude';
    copy.set(
      'results/catf1.json',
      pointer,
      (copy.get('results/catf1.json', pointer) as string).replace('at 0.974', 'at 0.975'),
    );
    await copy.relock();
    const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/verify.ts')], {
      cwd: PROJECT,
      env: { ...process.env, AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath, VERIFY_PREBUNDLE: '0' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(
      lines[0]!,
      /^error: Artifact refused \[derivation\] results\/catf1\.json at \/properties\/P7\/magnitude: expected .*"0\.974".*re-derived at build by "magnitude-figures".*; found .*"0\.975"/,
    );
  } finally {
    copy.dispose();
  }
});

test("a magnitude's figures: digits with grouping and decimals, a commit, the spelled figures P6 and P8 give; names such as Table 5 are not figures", () => {
  const figures = (name: string, text: string) => magnitudeFigures(name, text).map((t) => t.text);
  assert.deepEqual(figures('P9', '8 of the 10 Table 5 cells disagree with the tree at 0ffbed9db859'), [
    '8',
    '10',
    '0ffbed9db859',
  ]);
  assert.deepEqual(figures('P5', '237 of 3,205 strings, 0 of the 24 figures in slice 2 move'), [
    '237',
    '3,205',
    '0',
    '24',
  ]);
  assert.deepEqual(figures('P6', 'every one of the 21 is reached by 2 characters or fewer, 8 of them by one'), [
    '21',
    '2',
    '8',
    'one',
  ]);
  assert.deepEqual(figures('P8', 'one null category takes a judge from 1.000 joint to 0.000, and 0 of 836 carry one'), [
    'one',
    '1.000',
    '0.000',
    '0',
    '836',
  ]);
  assert.deepEqual(figures('P1', 'GAIA joint 0.973 against 0.183, location 0.974; SWE Bench joint 0.958'), [
    '0.973',
    '0.183',
    '0.974',
    '0.958',
  ]);
  assert.equal(
    restateFigures('P8', 'zero null category: 0.000 to 0.000, and 0 of 0', ['one', '1.000', '0.000', '0', '7']),
    'one null category: 1.000 to 0.000, and 0 of 7',
  );
  assert.throws(() => restateFigures('P2', '0 of 0 made up', ['1']), /has 2 figures, not 1/);
});
