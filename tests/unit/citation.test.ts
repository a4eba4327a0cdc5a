/** Citations: built from the lock and the site's revision only; CITATION.cff valid CFF 1.2.0 and naming the audit the lock names. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { z } from 'zod';
import { assembleAudit, type Audit } from '../../src/audit/assemble.ts';
import { LOCAL_BUILD, auditCitation, auditRepository, pageCitation } from '../../src/findings/citation.ts';
import { isLocalAddress } from '../../src/site/settings.ts';
import { LOCK, PROJECT, SHARED } from '../support/fixture.ts';

const audit = assembleAudit({ root: SHARED, lockPath: LOCK });
const site = { commit: 'c'.repeat(40), dirty: false, label: 'c'.repeat(40), date: '2026-11-30T10:00:00+00:00', day: '2026-11-30', from: 'git', repository: 'https://github.com/o/site' } as const;

const balanced = (s: string) => {
  let depth = 0;
  for (const [i, ch] of [...s].entries()) {
    if (s[i - 1] === '\\') continue;
    if (ch === '{') depth++;
    if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
};

test("the audit's citation: its author and title from the lock's repository, the lock digest, every file's commit", () => {
  const c = auditCitation(audit);
  const [owner, name] = audit.lock.files[0]!.repository.split('/');
  assert.match(c.bibtex, new RegExp(`author\\s+= \\{${owner}\\}`));
  assert.match(c.bibtex, new RegExp(`title\\s+= \\{${name}\\}`));
  assert.match(c.bibtex, new RegExp(`version\\s+= \\{${audit.revision.short}\\}`));
  for (const f of audit.lock.files) {
    assert.ok(c.bibtex.includes(`${f.path.replaceAll('_', '\\_')} at ${f.commit}`), f.path);
    assert.ok(c.text.includes(`${f.path} at ${f.commit.slice(0, 12)}`), f.path);
  }
  assert.ok(c.bibtex.includes(audit.revision.digest));
  assert.ok(balanced(c.bibtex));
});

test("a page's citation: its address, the site's commit and that commit's date, dirty said so", () => {
  const c = pageCitation(audit, site, { title: 'P5: 50% & more_{x}', url: 'https://o.github.io/site/properties/p5/' });
  assert.match(c.bibtex, /title\s+= \{P5: 50\\% \\& more\\_\\\{x\\\}\. The TRAIL/);
  assert.match(c.bibtex, /year\s+= \{2026\},\n\s+month\s+= \{11\}/);
  assert.ok(c.bibtex.includes(`${site.repository}/tree/${site.commit}`));
  assert.ok(balanced(c.bibtex));
  const dirty = pageCitation(audit, { ...site, dirty: true, label: `${site.commit}+dirty` }, { title: 'P5', url: 'u' });
  assert.match(dirty.text, /site commit c{12}\+dirty/);
  assert.doesNotMatch(dirty.bibtex, /tree\//, 'no source link for a tree no commit holds');
});

test("a local build's page citation gives no address and says it is a local build", () => {
  const local = pageCitation(audit, site, { title: 'P5', url: undefined });
  assert.doesNotMatch(local.bibtex, /howpublished|localhost/);
  assert.doesNotMatch(local.text, /localhost|http/);
  assert.ok(local.text.endsWith(`(${LOCAL_BUILD}.)`), local.text);
  assert.match(local.bibtex, new RegExp(`note\\s+= \\{.*${LOCAL_BUILD}\\}`));
  assert.ok(balanced(local.bibtex));
  assert.equal(isLocalAddress('http://localhost:4321'), true);
  assert.equal(isLocalAddress('http://127.0.0.1:4321/'), true);
  assert.equal(isLocalAddress('https://owner.github.io'), false);
});

test('a lock whose files come from two repositories has no one audit to cite', () => {
  const mixed = { ...audit, lock: { ...audit.lock, files: audit.lock.files.map((f, i) => (i === 0 ? { ...f, repository: 'someone/else' } : f)) } } as Audit;
  assert.throws(() => auditRepository(mixed), /come from 2 repositories/);
});

// The required fields of CFF 1.2.0 (its schema.json), and the shapes of the person and entity objects used here.
const Person = z.strictObject({ 'family-names': z.string().min(1).optional(), 'given-names': z.string().min(1).optional(), alias: z.string().min(1).optional(), orcid: z.string().url().optional() })
  .refine((p) => Object.keys(p).length > 0, 'a person needs a name or an alias');
const Entity = z.strictObject({ name: z.string().min(1) });
const Author = z.union([Entity, Person]);
const Cff = z.object({
  'cff-version': z.literal('1.2.0'),
  message: z.string().min(1),
  title: z.string().min(1),
  authors: z.array(Author).min(1),
  type: z.enum(['software', 'dataset']).optional(),
  references: z.array(z.object({ type: z.string().min(1), title: z.string().min(1), authors: z.array(Author).min(1), 'repository-code': z.string().url().optional(), url: z.string().url().optional() })).optional(),
});

test('CITATION.cff is CFF 1.2.0 with its required fields, and its reference is the audit the lock names', () => {
  const cff = Cff.parse(parse(readFileSync(join(PROJECT, 'CITATION.cff'), 'utf8')));
  const r = auditRepository(audit);
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
