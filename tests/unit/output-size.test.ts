/** A page or download above its stated size stops the build, naming it (issue #21, item 6). */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkOutputSizes, DOWNLOAD_LIMIT, PAGE_LIMIT } from '../../src/guards/output-size.ts';

test('pages and downloads under their limits pass; each one over is named, with the table that fills a page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'trail-sizes-'));
  try {
    for (const d of ['data', 'properties/p5', 'pagefind']) mkdirSync(join(dist, d), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<p>small</p>');
    writeFileSync(join(dist, 'data/table-small.csv'), 'a\r\n1\r\n');
    assert.deepEqual(checkOutputSizes(dist), []);

    const rows = '<tr><td>x</td></tr>'.repeat(Math.ceil(PAGE_LIMIT / 19));
    writeFileSync(
      join(dist, 'properties/p5/index.html'),
      `<figure class="table-figure" id="table-small"><table></table></figure><figure class="table-figure" id="table-order-dependent"><table>${rows}</table></figure>`,
    );
    writeFileSync(join(dist, 'data/table-order-dependent.csv'), 'x\r\n'.repeat(DOWNLOAD_LIMIT / 3 + 1));
    writeFileSync(join(dist, 'properties/p5/evidence.json'), ' '.repeat(DOWNLOAD_LIMIT + 1));
    writeFileSync(join(dist, 'pagefind/big.pf_index'), ' '.repeat(DOWNLOAD_LIMIT + 1));
    const problems = checkOutputSizes(dist);
    assert.deepEqual(
      problems.map((p) => p.file),
      ['data/table-order-dependent.csv', 'properties/p5/evidence.json', 'properties/p5/index.html'],
    );
    assert.match(
      problems[0]!.message,
      /^the CSV of table table-order-dependent is \d+ bytes .*above the limit of 4194304 bytes/,
    );
    assert.match(problems[1]!.message, /^the download \/properties\/p5\/evidence\.json is/);
    assert.match(problems[2]!.message, /^the page \/properties\/p5\/ is .*; most of it is table table-order-dependent/);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
