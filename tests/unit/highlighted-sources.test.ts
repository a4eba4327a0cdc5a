/**
 * The method page's highlighted sources: made in a worker thread by the build, the
 * same as made in place and as Shiki's full bundle makes them; never shown unless
 * their text is exactly the file's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  highlighted,
  highlightFiles,
  highlightSources,
  shownCode,
  startHighlighting,
} from '../../src/audit/highlighted-sources.ts';

const root = mkdtempSync(join(tmpdir(), 'highlight-'));
writeFileSync(join(root, 'a.ts'), 'export const a: number = 1;\n');
writeFileSync(join(root, 'b.ts'), "const b = 'x' as const;\n");
// Characters HTML must escape, so the text check has references to decode.
writeFileSync(join(root, 'c.ts'), 'const c = 1 < 2 && "a" !== `&amp;` ? \'<b>\' : null; // é \u2067\n');
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

  test("Shiki's core with its one grammar, precompiled, writes exactly what Shiki's full bundle writes with its own, for every file the method page shows", async () => {
    const { codeToHtml } = await import('shiki');
    const files = [
      'src/audit/highlighted-sources.ts',
      ...readdirSync('src/rederive')
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `src/rederive/${f}`),
    ];
    const ours = await highlightFiles(process.cwd(), files);
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/\n$/, '');
      const full = await codeToHtml(text, {
        lang: 'ts',
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
      });
      assert.equal(ours[file], full, file);
    }
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

  test("the text check reads Shiki's escaping back to the exact source", async () => {
    const html = (await highlightFiles(root, ['c.ts']))['c.ts']!;
    assert.equal(shownCode(html), readFileSync(join(root, 'c.ts'), 'utf8').replace(/\n$/, ''));
    assert.match(html, /&#x3C;|&lt;/, 'the source needed escaping');
  });

  test('output with the right text in another shape is never shown: a style sheet, hidden tokens, a script, a bad reference', async () => {
    const pre =
      '<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8" tabindex="0"><code>';
    const genuine = `${pre}<span class="line"><span style="--shiki-light:#000;--shiki-dark:#fff">if (ok) return true;</span></span></code></pre>`;
    assert.equal(shownCode(genuine), 'if (ok) return true;');
    const forged = [
      `<style>.x::after{content:"if (!ok) return false;"}</style>${genuine}`,
      `${pre}<span class="line"><span style="display:none">if (ok) return true;</span><span class="x"></span></span></code></pre>`,
      `<script><!--x\nalert(1)//></script>${genuine}`,
      `${pre}<span class="line"><span style="--shiki-light:#000;--shiki-dark:#fff">if (ok) return true;&#x110000;</span></span></code></pre>`,
    ];
    for (const html of forged) assert.equal(shownCode(html) === 'if (ok) return true;', false, html);
  });

  test('the worker highlights the text read when it started, never the file as it is later', async () => {
    writeFileSync(join(root, 'd.ts'), 'export const d = 1;\r\n');
    startHighlighting(root, ['d.ts']);
    writeFileSync(join(root, 'd.ts'), 'export const d = 2;\n');
    assert.equal(shownCode(await highlighted(root, 'd.ts')), 'export const d = 1;');
    startHighlighting(root, ['d.ts']);
    assert.equal(
      shownCode(await highlighted(root, 'd.ts')),
      'export const d = 2;',
      "CRLF or LF, the text is the file's",
    );
  });

  test('output that does not show its text exactly is refused (Shiki drops the CR of a CRLF the build would have normalised)', async () => {
    await assert.rejects(
      highlightSources([{ file: 'crlf.ts', source: 'const a = 1;\r\nconst b = 2;' }]),
      /the highlighted crlf\.ts does not show the file's text/,
    );
  });
});
