/**
 * The real `astro build`, refusing the checkout as its output folder: the one build of the unit
 * suite besides the shared one (tests/support/built-site.ts) and revision-flow.test.ts's. Every
 * other refusal is tested on small inputs fed to its guard, and the build's first step, as the
 * integration runs it, in verify-agrees.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { BUILD_MARK } from '../../src/site/out-dir.ts';
import { sandbox } from '../support/build.ts';
import { builtSite } from '../support/built-site.ts';

describe('the real build refuses', () => {
  const box = sandbox();
  after(() => box.dispose());

  test('the checkout as its output folder, before Astro empties it, in one message', () => {
    const before = readdirSync(box.dir).sort();
    const r = box.build({}, ['--outDir', '.']);
    assert.notEqual(r.code, 0);
    assert.match(r.output, /Setting refused: outDir must be a new folder inside the project/);
    assert.doesNotMatch(r.output, /^\s+at /m, 'no stack trace');
    assert.deepEqual(readdirSync(box.dir).sort(), before, 'the checkout is intact');
    assert.ok(existsSync(join(box.dir, 'src/integration/index.ts')));
  });
});

test('a build marks its output folder, so the next build may empty it', () =>
  assert.ok(existsSync(join(builtSite(), BUILD_MARK))));
