/** The link check trips on a broken link, a missing anchor and a link outside the base path. */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkLinks } from '../../src/guards/links.ts';
import { loadLock } from '../../src/admission/load.ts';
import { lockDigest, shortDigest } from '../../src/admission/lock-digest.ts';
import { describeProblem } from '../../src/core/problem.ts';
import { builtSite, BUILT_BASE, BUILT_URL } from '../support/built-site.ts';
import { PROJECT } from '../support/fixture.ts';

const DIST = builtSite();
const BASE = BUILT_BASE;
const SITE = BUILT_URL;

function withPage(html: string, fn: (dist: string) => void) {
  const dist = mkdtempSync(join(tmpdir(), 'links-'));
  try {
    cpSync(DIST, dist, { recursive: true });
    const page = join(dist, 'properties/p3/index.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('</main>', `${html}</main>`));
    fn(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

test('the built site has no broken internal link or anchor, and counts external links', async () => {
  // Its links into this revision's permanent copy resolve as the deploy publishes it beside the site (r/<revision>/).
  const r = checkLinks(
    DIST,
    BASE,
    SITE,
    undefined,
    shortDigest(await lockDigest(loadLock(join(PROJECT, 'artifacts.lock.json')))),
  );
  assert.deepEqual(r.problems, []);
  assert.ok(r.internal > 300);
  assert.ok((r.external.get('github.com') ?? 0) > 10);
  assert.equal(
    r.external.has(new URL(SITE).host),
    false,
    'canonical links to the site are checked, not counted as external',
  );
});

const BROKEN: [string, RegExp][] = [
  ['<a href="../p10/">gone</a>', /points at \S*\/properties\/p10\/, which the build did not produce/],
  ['<a href="../../method/#no-such-section">gone</a>', /method\/index\.html has no element with id "no-such-section"/],
  ['<a href="#nowhere">gone</a>', /has no element with id "nowhere"/],
  [`<img src="${BASE}_astro/missing.png" alt="">`, /missing\.png, which the build did not produce/],
  ['<a href="javascript:alert(1)">x</a>', /a javascript: link/],
  // A row link: the report has a row for each split in the ceiling table, and none for a split that does not exist.
  [
    '<a href="../../#table-ceiling--no-such-split">gone</a>',
    /index\.html has no element with id "table-ceiling--no-such-split"/,
  ],
  ['<p id="top">a second top</p>', /two elements have the id "top"/],
];
for (const [html, expected] of BROKEN) {
  test(`refuses ${html}`, () =>
    withPage(html, (dist) => assert.match(checkLinks(dist, BASE).problems.map(describeProblem).join('\n'), expected)));
}

test('under a base path, a root-relative link that skips the base is refused', () => {
  withPage('<a href="/method/">skips the base</a>', (dist) => {
    assert.match(
      checkLinks(dist, '/trail-scorer-audit/').problems.map(describeProblem).join('\n'),
      /outside the base path \/trail-scorer-audit\//,
    );
  });
});

test('a link to an existing row of a table resolves', () => {
  withPage('<a href="../p1/#table-ceiling--gaia">a row</a>', (dist) =>
    assert.deepEqual(checkLinks(dist, BASE).problems, []),
  );
});

test("a link into this revision's permanent copy resolves when the same page is built here; another revision's, or none, does not", () => {
  // A two-page site of its own: the permanent copy is assembled at deploy, so the build holds only the live pages.
  const dist = mkdtempSync(join(tmpdir(), 'links-permanent-'));
  try {
    mkdirSync(join(dist, 'properties/p5'), { recursive: true });
    const rev = 'abcdef012345';
    writeFileSync(join(dist, 'index.html'), `<main><a href="/r/${rev}/properties/p5/">permanent</a></main>`);
    writeFileSync(
      join(dist, 'properties/p5/index.html'),
      '<main><a href="/r/0123456789ab/properties/p5/">other</a><a href="/r/abcdef012345/properties/p6/">none</a></main>',
    );
    const found = checkLinks(dist, '/', undefined, undefined, rev).problems.map(describeProblem);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found.join('\n'), /points at \/r\/0123456789ab\/properties\/p5\//);
    assert.match(found.join('\n'), /points at \/r\/abcdef012345\/properties\/p6\//);
    assert.equal(checkLinks(dist, '/').problems.length, 3, 'without the revision, nothing under r/ resolves');
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test('from inside the permanent copy, a link to the live page resolves when the copy holds the same page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'links-archived-'));
  try {
    mkdirSync(join(dist, 'changes'), { recursive: true });
    const rev = 'abcdef012345';
    writeFileSync(
      join(dist, 'index.html'),
      '<main><a href="/site/changes/">live changes</a><a href="/site/method/">live method</a></main>',
    );
    writeFileSync(join(dist, 'changes/index.html'), '<main></main>');
    const found = checkLinks(dist, `/site/r/${rev}/`, undefined, undefined, rev).problems.map(describeProblem);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /points at \/site\/method\//);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
