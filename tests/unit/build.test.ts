/**
 * The real `astro build`, refusing: the two builds of the unit suite besides the shared one
 * (tests/support/built-site.ts). Each refusal is otherwise tested on small inputs, fed to its guard.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { assembleAudit } from '../../src/audit/assemble.ts';
import { checkConclusions } from '../../src/measures/check-conclusions.ts';
import { BUILD_MARK } from '../../src/site/out-dir.ts';
import { sandbox } from '../support/build.ts';
import { builtSite } from '../support/built-site.ts';
import { makeCopy } from '../support/fixture.ts';

describe('the real build refuses', () => {
  const box = sandbox();
  const copy = makeCopy();
  after(() => {
    box.dispose();
    copy.dispose();
  });

  test('the checkout as its output folder, before Astro empties it, in one message', () => {
    const before = readdirSync(box.dir).sort();
    const r = box.build({}, ['--outDir', '.']);
    assert.notEqual(r.code, 0);
    assert.match(r.output, /Setting refused: outDir must be a new folder inside the project/);
    assert.doesNotMatch(r.output, /^\s+at /m, 'no stack trace');
    assert.deepEqual(readdirSync(box.dir).sort(), before, 'the checkout is intact');
    assert.ok(existsSync(join(box.dir, 'src/integration/index.ts')));
  });

  test('a tampered artifact byte, before any page renders, in one message', () => {
    copy.write(
      'results/catf1.json',
      copy.read('results/catf1.json').replace('"weighted_f1": 1.0', '"weighted_f1": 0.9'),
    );
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    assert.notEqual(r.code, 0);
    assert.match(r.output, /Artifact refused \[digest\] results\/catf1\.json/);
    assert.doesNotMatch(r.output, /generating static routes/);
    assert.doesNotMatch(r.output, /^\s+at /m, 'no stack trace');
  });
});

test('a conclusion the data no longer supports is refused, naming it', () => {
  const copy = makeCopy();
  try {
    copy.set('results/pairing.json', '/on_the_real_gold/falsy_categories', 2);
    copy.set('results/pairing.json', '/properties/P8/verdict', 'VIOLATED');
    const magnitude = copy.get('results/pairing.json', '/properties/P8/magnitude') as string;
    copy.set('results/pairing.json', '/properties/P8/magnitude', magnitude.replace('0 of 836', '2 of 836'));
    copy.relock();
    const audit = assembleAudit({ root: copy.root, lockPath: copy.lockPath });
    assert.throws(() => checkConclusions(audit), /no longer support it.*conclusion "p8-moves-nothing"/s);
  } finally {
    copy.dispose();
  }
});

test('a build marks its output folder, so the next build may empty it', () =>
  assert.ok(existsSync(join(builtSite(), BUILD_MARK))));
