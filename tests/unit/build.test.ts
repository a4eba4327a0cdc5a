/** The guards inside the real `astro build`: each change below must stop it with a clear message. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sandbox, type Sandbox } from '../support/build.ts';
import { makeCopy, type Copy } from '../support/fixture.ts';

/** Processes still running from the sandbox's drawing code, after waiting up to `ms` for them to go. */
async function drawersLeft(dir: string, ms = 3000): Promise<string[]> {
  const child = join(dir, 'src/passes/rasterise.child.ts');
  const left = () =>
    readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(child);
        } catch {
          return false;
        }
      });
  for (const end = Date.now() + ms; left().length && Date.now() < end;) await sleep(100);
  return left();
}

describe('the real build refuses', { concurrency: false }, () => {
  let box: Sandbox;
  let copy: Copy | undefined;
  before(() => (box = sandbox()));
  after(() => {
    box.dispose();
    copy?.dispose();
  });

  test('the unchanged project builds, leaving nothing in node_modules/.cache or node_modules/.vite', () => {
    const r = box.build();
    assert.equal(r.code, 0, r.output.slice(-3000));
    assert.match(r.output, /figure check: every number on every page comes from a figure element/);
    // Nothing of ours is kept between builds: the folder where build tools keep their caches holds none of ours.
    const cache = join(box.dir, 'node_modules/.cache');
    assert.deepEqual(existsSync(cache) ? readdirSync(cache) : [], []);
    // And nothing is written to Vite's cache: the sync step's throwaway dev server no longer pre-bundles the dev toolbar into node_modules/.vite (src/integration/no-dev-prebundle.ts).
    assert.equal(existsSync(join(box.dir, 'node_modules/.vite')), false, 'the build wrote node_modules/.vite');
  });

  test('a hand-typed figure in prose, with file:line:column', () => {
    box.edit('content/properties/p3.mdx', (t) =>
      t.replace('## What it moves\n', '## What it moves\n\nIt is 0.973 now.\n'),
    );
    const r = box.build();
    box.edit('content/properties/p3.mdx', (t) => t.replace('\nIt is 0.973 now.\n', ''));
    assert.notEqual(r.code, 0);
    assert.match(r.output, /content\/properties\/p3\.mdx:\d+:\d+: hand-typed figure "0\.973"/);
    assert.doesNotMatch(r.output, /Stack trace|^\s+at /m, 'a guard refusal is its message alone');
    assert.doesNotMatch(r.output, /generating static routes/, 'refused before any page renders');
  });

  test('no page renders before the prose has passed, however long its check takes', () => {
    const slow = (t: string) => {
      const out = t.replace(
        'export function checkProse(projectRoot: string, audit: Audit, logger: Logger): void {\n',
        'export async function checkProse(projectRoot: string, audit: Audit, logger: Logger): Promise<void> {\n  await new Promise((r) => setTimeout(r, 8000));\n',
      );
      assert.notEqual(out, t, "the sandbox's prose check was made slow");
      return out;
    };
    const original = readFileSync(join(box.dir, 'src/integration/check-prose.ts'), 'utf8');
    box.edit('src/integration/check-prose.ts', slow);
    box.edit('content/properties/p3.mdx', (t) =>
      t.replace('## What it moves\n', '## What it moves\n\nIt is 0.973 now.\n'),
    );
    const r = box.build();
    box.edit('content/properties/p3.mdx', (t) => t.replace('\nIt is 0.973 now.\n', ''));
    box.edit('src/integration/check-prose.ts', () => original);
    assert.notEqual(r.code, 0);
    assert.match(r.output, /\[vite\] ✓ built/, 'the bundles were built meanwhile');
    assert.match(r.output, /content\/properties\/p3\.mdx:\d+:\d+: hand-typed figure "0\.973"/);
    assert.doesNotMatch(r.output, /generating static routes/, 'no page rendered while the check ran');
  });

  test('a finding placed on no page', () => {
    const block = /<Finding id="table-5">([\s\S]*?)<\/Finding>/;
    box.edit('content/report.mdx', (t) => t.replace(block, '<details class="more">$1</details>'));
    box.edit('src/findings/descriptors/table-5.ts', (t) => t.replace("properties: ['P9'],", 'properties: [],'));
    const r = box.build();
    box.edit('content/report.mdx', (t) =>
      t.replace(
        /<details class="more">([\s\S]*?<FindingEvidence of="table-5" \/>[\s\S]*?)<\/details>/,
        '<Finding id="table-5">$1</Finding>',
      ),
    );
    box.edit('src/findings/descriptors/table-5.ts', (t) => t.replace('properties: [],', "properties: ['P9'],"));
    assert.notEqual(r.code, 0);
    assert.match(r.output, /src\/findings\/registry\.ts: finding "table-5" is in the registry but placed on no page/);
    assert.doesNotMatch(r.output, /Stack trace|^\s+at /m, 'a guard refusal is its message alone');
    assert.equal(existsSync(r.dist), false, 'a build that fails a guard leaves no dist/');
  });

  test('a tampered artifact byte, leaving none of the drawing processes started before admission', async () => {
    copy = makeCopy();
    const t = copy.read('results/catf1.json');
    copy.write('results/catf1.json', t.replace('"weighted_f1": 1.0', '"weighted_f1": 0.9'));
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    assert.notEqual(r.code, 0);
    assert.match(r.output, /Artifact refused \[digest\] results\/catf1\.json/);
    assert.deepEqual(await drawersLeft(box.dir), [], 'a drawing process outlived the refused build');
  });

  test('a reported leaf our re-derivation disagrees with, naming the leaf', async () => {
    copy?.dispose();
    copy = makeCopy();
    copy.set('results/pairing.json', '/runs/0/location_accuracy', 0.5);
    await copy.relock();
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    assert.notEqual(r.code, 0);
    assert.match(
      r.output,
      /Artifact refused \[derivation\] results\/pairing\.json at \/runs\/0\/location_accuracy: expected 0\.6666666666666666 \(re-derived at build by "pairing"\); found 0\.5/,
    );
  });

  test('a conclusion the data no longer supports', async () => {
    copy?.dispose();
    copy = makeCopy();
    copy.set('results/pairing.json', '/on_the_real_gold/falsy_categories', 2);
    copy.set('results/pairing.json', '/properties/P8/verdict', 'VIOLATED');
    copy.set(
      'results/pairing.json',
      '/properties/P8/magnitude',
      (copy.get('results/pairing.json', '/properties/P8/magnitude') as string).replace('0 of 836', '2 of 836'),
    );
    await copy.relock();
    const r = box.build({ AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
    assert.notEqual(r.code, 0);
    assert.match(r.output, /no longer support it.*conclusion "p8-moves-nothing"/s);
  });
});
