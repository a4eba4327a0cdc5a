/** Citations: built from the lock and the site's revision only, written by citation-js and read back by it; CITATION.cff valid CFF 1.2.0 and naming the audit the lock names. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { z } from 'zod';
import { Cite } from '@citation-js/core';
import type { Audit } from '../../src/audit/assemble.ts';
import {
  auditCitationText,
  auditCommits,
  auditRepository,
  citationItems,
  pageCitationText,
  SITE_AUTHOR,
  type CitedPage,
} from '../../src/findings/citation.ts';
import { citationFormats } from '../../src/findings/citation-formats.ts';
import { ProblemError } from '../../src/core/problem.ts';
import { addressesOf, permanentBase } from '../../src/site/permanent.ts';
import { PROJECT } from '../support/fixture.ts';
import { syntheticAudit } from '../support/synthetic-audit.ts';

const audit = await syntheticAudit();
const site = {
  commit: 'c'.repeat(40),
  dirty: false,
  label: 'c'.repeat(40),
  date: '2026-11-30T23:30:00-02:00',
  day: '2026-12-01',
  from: 'git',
  repository: 'https://github.com/o/site',
} as const;
const page: CitedPage = {
  title: 'P5: 50% & more_{x} </script>',
  slug: 'p5',
  ...addressesOf('https://o.github.io', '/site/', audit.revision.short, 'properties/p5/'),
};

/** What citation-js reads back from a format, without its own bookkeeping. */
const readBack = (text: string) => new Cite(text).data.map(({ _graph, ...item }) => item as Record<string, unknown>);
const formats = citationFormats(citationItems(audit, site, page));

test('each format, read back by citation-js, gives the audit first: its repository, owner and every file at its commit, then our lock digest and the permanent address', () => {
  const r = auditRepository(audit);
  for (const [name, text] of Object.entries(formats)) {
    const items = readBack(text);
    assert.equal(items.length, 2, name);
    const it = items[0]!;
    assert.equal(it['title'], r.name, name);
    assert.equal(it['URL'], r.url, name);
    const author = (it['author'] as { literal?: string; family?: string }[])[0]!;
    assert.equal(author.literal ?? author.family, r.owner, name);
    const note = String(it['note']);
    for (const f of audit.lock.files)
      assert.ok(note.includes(f.commit) && note.includes(f.path), `${name}: ${f.path} at ${f.commit}`);
    assert.ok(note.includes(audit.revision.digest), `${name}: the lock digest`);
    assert.ok(note.includes(page.permanent), `${name}: the permanent address`);
    // The commits come before what is ours.
    assert.ok(note.indexOf(audit.lock.files[0]!.commit) < note.indexOf(audit.revision.digest), name);
    assert.equal(it['issued'], undefined, `${name}: no commit date, since none is proven`);
    if (name !== 'bibtex')
      assert.equal(
        it['version'],
        auditCommits(audit)
          .map((c) => c.commit)
          .join(', '),
        `${name}: version`,
      ); // BibTeX's @misc has no version field
  }
});

test("each format, read back, gives the page: its title exactly (escaping survives), the permanent address, the site commit and that commit's date", () => {
  for (const [name, text] of Object.entries(formats)) {
    const it = readBack(text)[1]!;
    assert.equal(it['title'], page.title, name);
    assert.equal(it['URL'], page.permanent, name);
    // BibTeX has no day field: its entry keeps the month, and the note the full date.
    const day = name === 'bibtex' ? [2026, 12] : [2026, 12, 1];
    assert.deepEqual(it['issued'], { 'date-parts': [day] }, `${name}: the commit's day in UTC`);
    assert.ok(String(it['note']).includes(site.date), `${name}: the note keeps the commit's date`);
    const note = String(it['note']);
    assert.ok(note.includes(site.label) && note.includes(page.live) && note.includes(audit.revision.digest), name);
    assert.ok(note.includes(`${site.repository}/tree/${site.commit}`), name);
  }
  const dirty = citationItems(audit, { ...site, dirty: true, label: `${site.commit}+dirty` }, page)[1];
  assert.doesNotMatch(dirty.note, /tree\//, 'no source link for a tree no commit holds');
  assert.match(
    pageCitationText({ ...site, dirty: true, label: `${site.commit}+dirty` }, page),
    /site commit c{12}\+dirty/,
  );
});

test('RIS keeps each value on its line, so no commit or digest is cut in two', () => {
  for (const line of formats.ris.trim().split('\n')) assert.match(line, /^[A-Z][A-Z0-9] {2}-( |$)/);
  // Every record, the last one too, ends with the whole end tag, its space included.
  assert.deepEqual(formats.ris.match(/^ER {2}- ?$/gm), ['ER  - ', 'ER  - ']);
  assert.deepEqual(
    readBack(formats.ris).map((it) => it['id']),
    [`audit-${audit.revision.short}`, `p5-${audit.revision.short}`],
  );
});

test("no citation calls the lock digest the audit's revision", () => {
  for (const text of [...Object.values(formats), auditCitationText(audit, page), pageCitationText(site, page)])
    assert.doesNotMatch(text, /audit revision/i);
  assert.match(auditCitationText(audit, page), new RegExp(`^${auditRepository(audit).owner}\\. `));
});

test("the audit's commits: each once, with every file it holds, in the lock's order", () => {
  const commits = auditCommits(audit);
  assert.equal(new Set(commits.map((c) => c.commit)).size, commits.length);
  assert.deepEqual(commits.flatMap((c) => c.files).sort(), audit.lock.files.map((f) => f.path).sort());
  for (const c of commits)
    for (const f of c.files) assert.equal(audit.lock.files.find((x) => x.path === f)!.commit, c.commit);
});

test('a lock whose files come from two repositories has no one audit to cite: one problem, at the lock', () => {
  const mixed = {
    ...audit,
    lock: {
      ...audit.lock,
      files: audit.lock.files.map((f, i) => (i === 0 ? { ...f, repository: 'someone/else' } : f)),
    },
  } as Audit;
  assert.throws(
    () => auditRepository(mixed),
    (e: unknown) =>
      e instanceof ProblemError && e.problems[0]!.file === 'artifacts.lock.json' && /2 repositories/.test(e.message),
  );
});

test('the permanent address: r/<revision>/ under the live base, and the same address from inside the permanent copy', () => {
  const rev = audit.revision.short;
  const live = addressesOf('https://o.github.io', '/site/', rev, 'properties/p5/');
  assert.deepEqual(live, {
    live: 'https://o.github.io/site/properties/p5/',
    permanent: `https://o.github.io/site/r/${rev}/properties/p5/`,
    liveRoot: 'https://o.github.io/site/',
    permanentRoot: `https://o.github.io/site/r/${rev}/`,
    root: 'https://o.github.io/site/',
  });
  assert.deepEqual(
    addressesOf('https://o.github.io', `/site/r/${rev}/`, rev, 'properties/p5/'),
    { ...live, root: live.permanentRoot },
    'the same addresses; its own files under the copy',
  );
  assert.deepEqual(permanentBase(`/r/${rev}/`), { liveBase: '/', archived: rev });
  assert.deepEqual(permanentBase('/site/'), { liveBase: '/site/', archived: undefined });
  assert.throws(
    () => addressesOf('https://o.github.io', '/site/r/0123456789ab/', rev, '/'),
    /SITE_BASE must be .*r\/[0-9a-f]{12}\//,
  );
});

test("the page's author is the one CITATION.cff names", () => {
  const cff = parse(readFileSync(join(PROJECT, 'CITATION.cff'), 'utf8')) as { authors: { name: string }[] };
  assert.deepEqual(cff.authors, [{ name: SITE_AUTHOR }]);
});

// The required fields of CFF 1.2.0 (its schema.json), and the shapes of the person and entity objects used here.
const Person = z
  .strictObject({
    'family-names': z.string().min(1).optional(),
    'given-names': z.string().min(1).optional(),
    alias: z.string().min(1).optional(),
    orcid: z.url().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'a person needs a name or an alias');
const Entity = z.strictObject({ name: z.string().min(1) });
const Author = z.union([Entity, Person]);
const Cff = z.object({
  'cff-version': z.literal('1.2.0'),
  message: z.string().min(1),
  title: z.string().min(1),
  authors: z.array(Author).min(1),
  type: z.enum(['software', 'dataset']).optional(),
  references: z
    .array(
      z.object({
        type: z.string().min(1),
        title: z.string().min(1),
        authors: z.array(Author).min(1),
        'repository-code': z.url().optional(),
        url: z.url().optional(),
      }),
    )
    .optional(),
});

test('CITATION.cff is CFF 1.2.0 with its required fields, and its reference is the audit the lock names', () => {
  const cff = Cff.parse(parse(readFileSync(join(PROJECT, 'CITATION.cff'), 'utf8')));
  const lock = JSON.parse(readFileSync(join(PROJECT, 'artifacts.lock.json'), 'utf8')) as Audit['lock'];
  const r = auditRepository({ lock } as Audit);
  const ref = cff.references?.find((x) => x['repository-code'] === r.url);
  assert.ok(ref, `no reference to ${r.url}`);
  assert.equal(ref.title, r.name);
  assert.deepEqual(ref.authors, [{ alias: r.owner }]);
});

test('the CFF check trips on a missing required field', () => {
  const cff = parse(readFileSync(join(PROJECT, 'CITATION.cff'), 'utf8'));
  for (const field of ['cff-version', 'message', 'title', 'authors']) {
    const { [field]: _dropped, ...rest } = cff;
    assert.equal(Cff.safeParse(rest).success, false, field);
  }
  assert.equal(Cff.safeParse({ ...cff, authors: [{}] }).success, false, 'an author with no name');
});

test("a local build's page citation gives no address and says it is a local build; a published one gives its permanent address", () => {
  const local: CitedPage = {
    ...page,
    ...addressesOf('http://localhost:4321', '/', audit.revision.short, 'properties/p5/'),
  };
  const [auditLocal, pageLocal] = citationItems(audit, site, local);
  assert.equal(pageLocal.URL, undefined);
  assert.match(pageLocal.note, /a local build, not published at any address$/);
  assert.doesNotMatch(
    JSON.stringify([auditLocal, pageLocal]) + pageCitationText(site, local) + auditCitationText(audit, local),
    /localhost/,
  );
  assert.match(pageCitationText(site, local), /\(a local build, not published at any address\.\)$/);
  assert.equal(citationItems(audit, site, page)[1].URL, page.permanent);
});
