/** The method page's highlighted sources: Shiki's HTML of the file as it is, both themes as variables. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { highlighted } from '../../src/audit/highlighted-sources.ts';

test('a file is shown as Shiki HTML with both themes as variables, its text escaped, no empty last line', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'highlight-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'a.ts'), "const a = 1 < 2 ? '<b>' : null;\n");
  const html = await highlighted(root, 'a.ts');
  assert.match(html, /^<pre class="shiki shiki-themes github-light github-dark"/);
  assert.match(html, /--shiki-light:#[0-9A-Fa-f]+;--shiki-dark:#[0-9A-Fa-f]+/);
  assert.equal(html.match(/class="line"/g)?.length, 1);
  assert.match(html, /&#x3C;b>/);
  assert.doesNotMatch(html, /<b>/);
});
