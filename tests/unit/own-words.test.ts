/**
 * Every sentence on the site is ours: no run of ten words in the prose (and the claims register), the
 * components or the README may also stand in the audit's own README.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { auditReadme } from '../support/audit-context.ts';
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
  const reference = normalise(auditReadme());
  const found = ourFiles().flatMap((f) =>
    sharedRuns(readFileSync(join(PROJECT, f), 'utf8'), reference).map((run) => `${f}: "${run}"`),
  );
  assert.deepEqual(found, []);
});

test('without the README the check fails, naming the file, instead of skipping', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import(process.argv[1]); try { m.auditReadme(); console.log('read'); } catch (e) { console.log(e.message); }",
      join(PROJECT, 'tests/support/audit-context.ts'),
    ],
    {
      env: { ...process.env, AUDIT_CONTEXT: join(PROJECT, 'tests/no-such-folder') },
      encoding: 'utf8',
    },
  );
  assert.match(
    r.stdout,
    /tests\/no-such-folder\/trail-scorer-audit-README\.txt: expected the audit's README here .*found nothing.*fail rather than skip/,
  );
});
