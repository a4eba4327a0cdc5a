/**
 * Every sentence on the site is ours: no run of ten words in the prose (and the claims register), the
 * components or the README may also stand in the audit's own README.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { auditReadme, auditSource } from '../support/audit-context.ts';
import { PROJECT } from '../support/fixture.ts';
import { normalise, sharedRuns } from '../support/own-words.ts';

function ourFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'];
  for (const dir of ['content', 'src', 'docs']) {
    for (const e of readdirSync(join(PROJECT, dir), { recursive: true, withFileTypes: true })) {
      if (e.isFile() && (/\.(md|mdx|astro|ts)$/.test(e.name) || (dir === 'content' && e.name.endsWith('.json'))))
        files.push(relative(PROJECT, join(e.parentPath, e.name)));
    }
  }
  return files;
}

test('the check finds a copied run', () => {
  const reference = 'intro the judge reported every available category against every single span in the trace, twice';
  const ours = 'Here the judge reported every available category against every single span in the trace, again.';
  assert.deepEqual(sharedRuns(ours, reference), [
    'the judge reported every available category against every single span',
  ]);
});

test("no ten-word run of the audit's README stands in our prose, components or README (it fails, never skips, where the README is missing)", () => {
  // Code ticks and emphasis stars are Markdown, not words: a run copied across them is still a copy.
  const reference = normalise(auditReadme().replace(/[`*]/g, ''));
  const found = ourFiles().flatMap((f) =>
    sharedRuns(readFileSync(join(PROJECT, f), 'utf8'), reference).map((run) => `${f}: "${run}"`),
  );
  assert.deepEqual(found, []);
});

test('without the README the check fails, naming the file, instead of skipping', () => {
  assert.throws(
    () => auditSource('README.md', '0'.repeat(40), join(PROJECT, 'tests/no-such-folder')),
    /tests\/no-such-folder\/audit-sources\/0{40}\/README\.md: expected the audit's README\.md .*found nothing.*fail rather than skip/,
  );
});
