/** Invisible and format characters (zero-width, soft hyphen, BOM, tags, line separators) are never written raw. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkPublishedText } from '../../src/guards/published-text.ts';
import { jsonText, segments, visibleKeepingLines, visibleText } from '../../src/provenance/untrusted.ts';
import { describeProblem } from '../../src/core/problem.ts';

const HIDDEN = 'a\u200Bb\u2060c\u00ADd\uFEFFe\u{E0041}f\u2028g\u2029h';

test('pages, CSV and images show every invisible or format character visibly', () => {
  assert.equal(visibleText(HIDDEN), 'a\\u200Bb\\u2060c\\u00ADd\\uFEFFe\\u{E0041}f\\u2028g\\u2029h');
  assert.equal(visibleKeepingLines(`x\t\u200By\n`), 'x\t\\u200By\n');
  assert.deepEqual(
    segments('ok\u{E0041}').map((s) => s.control),
    [false, true],
  );
});

test('JSON downloads escape them, and the data reads back exact', () => {
  const text = jsonText({ s: HIDDEN });
  assert.doesNotMatch(text, /[\u200B\u2060\u00AD\uFEFF\u2028\u2029]|\u{E0041}/u);
  assert.deepEqual(JSON.parse(text), { s: HIDDEN });
});

test('the published-text guard trips on them in pages and downloads, not in the site’s own bundles', (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'trail-invisible-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'data'));
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, 'index.html'), '<p>gold\u200Bx</p>');
  writeFileSync(join(dist, 'data/t.svg'), '<text>\u{E0041}</text>');
  writeFileSync(join(dist, '_astro/verify.js'), 'const BOM = "\uFEFF";');
  assert.deepEqual(checkPublishedText(dist, false).map(describeProblem).sort(), [
    'data/t.svg:1:7: a raw control character U+E0041; artifact strings must be shown visibly',
    'index.html:1:8: a raw control character U+200B; artifact strings must be shown visibly',
  ]);
});
