import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { reportHeadings } from '../../src/findings/report-headings.ts';
import { FINDINGS } from '../../src/findings/registry.ts';

test('a finding is labelled with the heading inside it, or else the last heading before it', () => {
  const src =
    '# Top\n\n<Finding id="a">\ntext\n</Finding>\n\n## Part\n\n<Finding id="b">\n\n### Inner `code`\n\n</Finding>\n<Finding id="c">\n</Finding>\n';
  assert.deepEqual(
    [...reportHeadings(src)],
    [
      ['a', 'Top'],
      ['b', 'Inner code'],
      ['c', 'Inner code'],
    ],
  );
});

test('every finding the report places has a report heading to link under', () => {
  const headings = reportHeadings(readFileSync('content/report.mdx', 'utf8'));
  for (const f of FINDINGS) assert.ok(headings.has(f.id), `no heading for ${f.id}`);
});
