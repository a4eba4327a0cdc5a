/**
 * The prose check's remembered pass (src/guards/prose-verdict.ts): kept under one key of
 * the prose, the code and the admitted audit, so that a build with any of them changed checks again
 * and finds a new refusal; an entry that is not the key's own is no pass.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { passedBefore, proseKey, rememberPass } from '../../src/guards/prose-verdict.ts';
import { inputsKey, keyFields, PROJECT_CONFIGURATION } from '../../src/core/inputs-key.ts';
import { checkContentDir } from '../../src/guards/mdx-source.ts';
import { syntheticAudit } from '../support/synthetic-audit.ts';

const root = mkdtempSync(join(tmpdir(), 'prose-verdict-'));
const audit = syntheticAudit();
after(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, text: string) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const lock = '{"lock":{"files":[]},"history":[]}';

describe("the prose check's remembered pass", () => {
  write('content/report.mdx', 'We found <Leaf at="results/x.json#/a" as="count" /> spans.\n');
  write('content/properties/p1.mdx', 'A property.\n');
  write('src/guards/allowlist.ts', 'export const ALLOWED = [];\n');
  for (const f of PROJECT_CONFIGURATION) write(f, `${f}\n`);

  test('a pass is found again only under the same key', () => {
    const cache = join(root, 'cache');
    const key = proseKey(root, lock)!;
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(passedBefore(cache, key), false, 'nothing remembered yet');
    rememberPass(cache, key);
    assert.equal(passedBefore(cache, key), true);
    assert.equal(proseKey(root, lock), key, 'the same inputs, the same key');
    writeFileSync(join(cache, key), 'something else');
    assert.equal(passedBefore(cache, key), false, "an entry that is not the key's own is no pass");
  });

  test('any change to the prose, the code or the lock is a new key: the check runs again', () => {
    const key = proseKey(root, lock);
    const changes: [string, () => void, () => void][] = [
      ['a figure typed into the prose', () => write('content/report.mdx', 'We found 42 spans.\n'), () => write('content/report.mdx', 'We found <Leaf at="results/x.json#/a" as="count" /> spans.\n')],
      ['a page of prose added', () => write('content/properties/p2.mdx', 'x\n'), () => rmSync(join(root, 'content/properties/p2.mdx'))],
      ['the allowlist changed', () => write('src/guards/allowlist.ts', "export const ALLOWED = ['42'];\n"), () => write('src/guards/allowlist.ts', 'export const ALLOWED = [];\n')],
    ];
    for (const [what, change, undo] of changes) {
      change();
      assert.notEqual(proseKey(root, lock), key, what);
      undo();
      assert.equal(proseKey(root, lock), key, `${what}, undone`);
    }
    assert.notEqual(proseKey(root, '{"lock":{"files":[1]},"history":[]}'), key, 'another lock');
  });

  test('a folder holding a link is not keyed: nothing is remembered, the check always runs, and reads the page through the link', () => {
    const outside = join(root, 'outside.mdx');
    writeFileSync(outside, 'We found 42 spans.\n');
    symlinkSync(outside, join(root, 'content/linked.mdx'));
    try {
      assert.equal(proseKey(root, lock), undefined);
      const problems = checkContentDir(join(root, 'content'), root, audit, []);
      assert.deepEqual(problems.filter((p) => p.file === 'content/linked.mdx').map((p) => p.message.slice(0, 24)), ['hand-typed figure "42" i']);
    } finally {
      rmSync(join(root, 'content/linked.mdx'));
    }
    assert.match(proseKey(root, lock) ?? '', /^[0-9a-f]{64}$/);
  });

  test("the project's configuration is an input too: how the code is compiled and bundled", () => {
    const key = proseKey(root, lock);
    for (const f of PROJECT_CONFIGURATION) {
      write(f, `${f} changed\n`);
      assert.notEqual(proseKey(root, lock), key, f);
      write(f, `${f}\n`);
    }
    assert.equal(proseKey(root, lock), key);
  });

  test('Node and the installed packages are named inputs of every key', () => {
    const fields = keyFields({ root, dirs: [], fields: { mine: 'x' }, packageUsed: 'mdast-util-from-markdown' })!;
    assert.equal(fields['node version'], process.version);
    assert.match(String(fields['installed packages']), /^[0-9a-f]{64}$/);
    assert.equal(fields['mine'], 'x');
  });

  test('inputs that cannot all be read give no key: a file gone while it is read, a package not installed', () => {
    const base = { root, dirs: ['content'], fields: {}, packageUsed: 'mdast-util-from-markdown' };
    assert.match(inputsKey(base) ?? '', /^[0-9a-f]{64}$/);
    assert.equal(inputsKey({ ...base, files: ['content/gone.swp'] }), undefined);
    assert.equal(inputsKey({ ...base, packageUsed: 'no-such-package-here' }), undefined);
  });
});
