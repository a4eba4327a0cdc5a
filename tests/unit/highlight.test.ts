/**
 * The method page's highlighted sources: made in a worker thread by the build, the
 * same as made in place; cached by content, and never shown unless their text is
 * exactly the file's, whether cached or fresh.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { highlighted, highlightFiles, resolveHighlights, shownCode, startHighlighting } from '../../src/components/findings/highlight-source.ts';

const root = mkdtempSync(join(tmpdir(), 'highlight-'));
writeFileSync(join(root, 'a.ts'), 'export const a: number = 1;\n');
writeFileSync(join(root, 'b.ts'), "const b = 'x' as const;\n");
// Characters HTML must escape, so the text check has references to decode.
writeFileSync(join(root, 'c.ts'), 'const c = 1 < 2 && "a" !== `&amp;` ? \'<b>\' : null; // é \u2067\n');
const cacheDir = join(root, 'node_modules/.cache/highlight');
const entryFiles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.html'));
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

  test('the text check reads Shiki\'s escaping back to the exact source', async () => {
    const html = (await highlightFiles(root, ['c.ts']))['c.ts']!;
    assert.equal(shownCode(html), readFileSync(join(root, 'c.ts'), 'utf8').replace(/\n$/, ''));
    assert.match(html, /&#x3C;|&lt;/, 'the source needed escaping');
  });

  test('a second build reads the cache: an entry is used as it stands when its text is the file\'s', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    startHighlighting(root, ['a.ts', 'c.ts']);
    const fresh = await highlighted(root, 'a.ts');
    assert.equal(entryFiles().length, 2, 'both results cached');
    // Mark every entry without changing its text or shape (a colour): the next start must return the marked HTML, so it came from the cache.
    const mark = (html: string) => html.replace(/--shiki-light:#[0-9a-fA-F]+/, '--shiki-light:#012345');
    for (const f of entryFiles()) writeFileSync(join(cacheDir, f), mark(readFileSync(join(cacheDir, f), 'utf8')));
    startHighlighting(root, ['a.ts', 'c.ts']);
    assert.equal(await highlighted(root, 'a.ts'), mark(fresh));
    assert.notEqual(mark(fresh), fresh);
  });

  test('a cache entry whose text is not the file\'s is never shown; the file is highlighted again', async () => {
    for (const f of entryFiles()) writeFileSync(join(cacheDir, f), readFileSync(join(cacheDir, f), 'utf8').replace('number', 'string'));
    startHighlighting(root, ['a.ts']);
    assert.equal(await highlighted(root, 'a.ts'), (await highlightFiles(root, ['a.ts']))['a.ts']);
  });

  test('an entry with the right text in another shape is never shown: a style sheet, hidden tokens, a script, a bad reference', async () => {
    writeFileSync(join(root, 'e.ts'), 'if (ok) return true;\n');
    const pre = '<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8" tabindex="0"><code>';
    const forged = [
      `<style>.x::after{content:"if (!ok) return false;"}</style>${pre}<span class="line"><span style="--shiki-light:#000;--shiki-dark:#fff">if (ok) return true;</span></span></code></pre>`,
      `${pre}<span class="line"><span style="display:none">if (ok) return true;</span><span class="x"></span></span></code></pre>`,
      `<script><!--x\nalert(1)//></script>${pre}<span class="line"><span style="--shiki-light:#000;--shiki-dark:#fff">if (ok) return true;</span></span></code></pre>`,
      `${pre}<span class="line"><span style="--shiki-light:#000;--shiki-dark:#fff">if (ok) return true;&#x110000;</span></span></code></pre>`,
    ];
    startHighlighting(root, ['e.ts']);
    const genuine = await highlighted(root, 'e.ts');
    assert.equal(shownCode(genuine), 'if (ok) return true;', 'Shiki\'s own output has the shape');
    for (const html of forged) {
      assert.equal(shownCode(html) === 'if (ok) return true;', false, html);
      for (const f of entryFiles()) writeFileSync(join(cacheDir, f), html);
      startHighlighting(root, ['e.ts']);
      assert.equal(await highlighted(root, 'e.ts'), genuine, 'highlighted again, not read from the forged entry');
    }
  });

  test('a changed file is a new key: its new text is shown', async () => {
    writeFileSync(join(root, 'a.ts'), 'export const a: number = 2;\n');
    startHighlighting(root, ['a.ts']);
    assert.match(shownCode(await highlighted(root, 'a.ts')) ?? '', /= 2;$/);
  });

  test('a file that changes after the build read it: the text read is highlighted and cached under its own key, the new text on the next build', async () => {
    writeFileSync(join(root, 'd.ts'), 'export const d = 1;\r\n');
    startHighlighting(root, ['d.ts']);
    // The worker thread boots after this; it must highlight the text read above, never the file as it is by then.
    writeFileSync(join(root, 'd.ts'), 'export const d = 2;\n');
    assert.equal(shownCode(await highlighted(root, 'd.ts')), 'export const d = 1;');
    startHighlighting(root, ['d.ts']);
    assert.equal(shownCode(await highlighted(root, 'd.ts')), 'export const d = 2;', 'nothing of the old text was cached under the new key, and CRLF or LF, the text is the file\'s');
  });

  test('fresh output that does not show its text exactly is refused, not cached (Shiki drops the CR of a CRLF the build would have normalised)', async () => {
    const dir = join(root, 'refused-cache');
    await assert.rejects(resolveHighlights([{ file: 'crlf.ts', source: 'const a = 1;\r\nconst b = 2;' }], dir), /the highlighted crlf\.ts does not show the file's text/);
    assert.equal(existsSync(dir), false, 'nothing cached');
  });
});
