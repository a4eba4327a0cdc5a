/** The method page's highlighted sources: made in a worker thread by the build, the same as made in place. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { highlighted, highlightFiles, startHighlighting } from '../../src/components/findings/highlight-source.ts';

const root = mkdtempSync(join(tmpdir(), 'highlight-'));
writeFileSync(join(root, 'a.ts'), 'export const a: number = 1;\n');
writeFileSync(join(root, 'b.ts'), "const b = 'x' as const;\n");
const KEY = Symbol.for('trail-audit-site.highlighted-sources');
const forget = () => delete (globalThis as Record<symbol, unknown>)[KEY];
after(() => {
  forget();
  rmSync(root, { recursive: true, force: true });
});

describe('highlighted sources', () => {
  test('in place, each file is Shiki HTML with both themes as variables', async () => {
    forget();
    const html = await highlighted(root, 'a.ts');
    assert.match(html, /^<pre class="shiki shiki-themes github-light github-dark"/);
    assert.match(html, /--shiki-light:/);
    assert.match(html, /--shiki-dark:/);
  });

  test('the worker answers with exactly what highlighting in place gives', async () => {
    const inPlace = await highlightFiles(root, ['a.ts', 'b.ts']);
    startHighlighting(root, ['a.ts', 'b.ts']);
    assert.equal(await highlighted(root, 'b.ts'), inPlace['b.ts']);
    assert.equal(await highlighted(root, 'a.ts'), inPlace['a.ts']);
  });

  test('a file the worker was not given is refused, naming it', async () => {
    startHighlighting(root, ['a.ts']);
    await assert.rejects(highlighted(root, 'b.ts'), /b\.ts was not highlighted: the build's worker was given a\.ts/);
  });

  test('a worker that fails makes the page fail, not render without its source', async () => {
    startHighlighting(root, ['missing.ts']);
    await assert.rejects(highlighted(root, 'missing.ts'), /ENOENT|no such file/);
  });
});
