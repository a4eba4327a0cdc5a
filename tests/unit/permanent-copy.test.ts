/**
 * A build under <base>r/<revision>/ is that revision's permanent copy (a sandbox build of its
 * own): every page says so, names the lock digest, links the live page and the change record,
 * and cites itself; the live build has no such note; a base naming another revision is refused
 * before anything is built, in one line.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseHTML } from 'linkedom';
import { loadLock } from '../../src/admission/admit.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { PROPERTY_NAMES } from '../../src/core/names.ts';
import { sandbox, type Sandbox } from '../support/build.ts';
import { PROJECT } from '../support/fixture.ts';

const ORIGIN = 'https://o.github.io';
const digest = lockDigest(loadLock(join(PROJECT, 'artifacts.lock.json')));
const revision = digest.slice(0, 12);
const COPY = `/site/r/${revision}/`;

describe("a revision's permanent copy, built under its own base", () => {
  let box: Sandbox;
  let dist = '';
  before(() => {
    box = sandbox();
    const r = box.build({ SITE_URL: ORIGIN, SITE_BASE: COPY });
    assert.equal(r.code, 0, r.output.slice(-3000));
    dist = r.dist;
  });
  after(() => box.dispose());

  for (const path of ['', 'method/', 'changes/', ...PROPERTY_NAMES.map((p) => `properties/${p.toLowerCase()}/`)]) {
    test(`/${path}: says it is the permanent copy of this lock digest, and links the live page and the change record`, () => {
      const { document } = parseHTML(readFileSync(join(dist, path, 'index.html'), 'utf8'));
      const note = document.querySelector('main #archived');
      assert.ok(note, 'no note inside <main>');
      assert.equal(note.querySelector('[data-derivation="lock-digest"]')?.getAttribute('data-value'), digest);
      const links = [...note.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      assert.deepEqual(links, [`${ORIGIN}/site/${path}`, `${ORIGIN}/site/changes/`]);
      const citeAs = document.querySelector('link[rel="cite-as"]')?.getAttribute('href');
      if (path === '' || path.startsWith('properties/')) assert.equal(citeAs, `${ORIGIN}${COPY}${path}`, 'a permanent copy cites itself');
      // Its metadata's digests name its own files, which never change.
      const ld = document.querySelector('script[type="application/ld+json"]')?.textContent;
      if (ld) for (const part of (JSON.parse(ld) as { hasPart: { distribution: { contentUrl: string } }[] }).hasPart) assert.ok(part.distribution.contentUrl.startsWith(`${ORIGIN}${COPY}`), part.distribution.contentUrl);
      // Its own links stay inside the copy.
      for (const a of document.querySelectorAll('header nav a')) assert.ok(a.getAttribute('href')!.startsWith(COPY), a.getAttribute('href')!);
    });
  }

  test('a base naming another revision than the lock is refused before anything is built, in one line', () => {
    const r = box.build({ SITE_URL: ORIGIN, SITE_BASE: '/site/r/0123456789ab/' });
    assert.notEqual(r.code, 0);
    assert.match(r.output, new RegExp(`Setting refused: SITE_BASE must be the live base, or the live base followed by r/${revision}/ .*found "/site/r/0123456789ab/"`));
    assert.doesNotMatch(r.output, /\n\s+at /, 'no stack trace');
  });
});
