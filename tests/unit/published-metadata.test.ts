/**
 * On the suite's build (a project page, tests/support/built-site.ts): every cited page's
 * citation metadata as html-metadata, jsonld and citation-js read it, checked against the
 * bytes the build wrote; and each property's provenance chain walked from a figure on its
 * page to the bytes of the artifact.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { PROPERTY_NAMES } from '../../src/core/names.ts';
import { loadLock } from '../../src/admission/load.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { checkPermanentBase } from '../../src/site/permanent.ts';
import { parseHTML } from 'linkedom';
import { builtSite, BUILT_BASE as BASE, BUILT_URL as ORIGIN } from '../support/built-site.ts';
import { PROJECT, SHARED } from '../support/fixture.ts';
import { expandChain, literal, walkFigure } from '../support/chain.ts';
import { expand, readMetadata, SCHEMA } from '../support/metadata.ts';

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../../artifacts.lock.json'), 'utf8')) as {
  files: { path: string; sha256: string; commit: string }[];
};
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const PAGES = [
  ['report', ''],
  ...PROPERTY_NAMES.map((p) => [p.toLowerCase(), `properties/${p.toLowerCase()}/`]),
] as const;

describe('the published metadata', () => {
  const dist = builtSite();

  const html = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
  /** The built file an address under the site names, reading the permanent copy's address as the live file it is built from. */
  const fileAt = (url: string, permanentRoot: string) => {
    const root = url.startsWith(permanentRoot) ? permanentRoot : `${ORIGIN}${BASE}`;
    assert.ok(url.startsWith(root), `${url} is not under the site`);
    return join(dist, url.slice(root.length));
  };

  for (const [slug, path] of PAGES) {
    test(`${slug}: cite-as, the Highwire tags and the JSON-LD agree on the permanent address; every download it names has the digest it gives`, async () => {
      const page = html(path);
      const m = await readMetadata(page);
      const citeAs = /<link rel="cite-as" href="([^"]+)"/.exec(page)?.[1];
      assert.match(citeAs ?? '', new RegExp(`^${ORIGIN}${BASE}r/[0-9a-f]{12}/${path}$`));
      const permanentRoot = citeAs!.slice(0, citeAs!.length - path.length);
      assert.equal(m.highwirePress!['public_url'], citeAs);
      assert.equal(m.highwirePress!['title'], m.general!['title']);
      const [node] = await expand(m.jsonLd);
      assert.equal(node!['@id'], citeAs);
      assert.deepEqual(node!['@type'], [`${SCHEMA}Report`, `${SCHEMA}ScholarlyArticle`]);
      const parts = (node![`${SCHEMA}hasPart`] ?? []) as Record<string, Record<string, { '@value': string }[]>[]>[];
      const named = parts.map((p) => {
        const d = p[`${SCHEMA}distribution`]![0]!;
        return { url: d[`${SCHEMA}contentUrl`]![0]!['@value'], sha: d[`${SCHEMA}sha256`]![0]!['@value'] };
      });
      for (const { url, sha } of named) {
        const file = fileAt(url, permanentRoot);
        assert.ok(existsSync(file), `${url}: no such file in the build`);
        assert.equal(sha256(readFileSync(file)), sha, url);
      }
      // Every CSV or packet the page offers for download is one the metadata names (the report names, besides, the
      // tables of a block it links to on a property page rather than repeating).
      const offered = [...page.matchAll(/<a[^>]*href="([^"]+\.(?:csv|json))"[^>]*download/g)]
        .map((x) => x[1]!)
        .filter((h) => !h.endsWith('.meta.json') && !h.includes('/cite/'));
      assert.ok(offered.length > 0);
      const urls = new Set(named.map((n) => n.url));
      for (const h of offered) assert.ok(urls.has(`${ORIGIN}${h}`), `${slug}: ${h} offered but not in the JSON-LD`);
      if (slug !== 'report')
        assert.equal(urls.size, offered.length, `${slug}: the JSON-LD names a download the page does not offer`);
      for (const u of urls)
        assert.ok(
          u.startsWith(`${ORIGIN}${BASE}`) && !u.startsWith(permanentRoot),
          `${u}: a live page's digests name the live build's own files`,
        );
      // The policy holds no hash for the data block: it is never run.
      assert.equal(
        page.match(/'sha256-/g)?.length ?? 0,
        page.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g)?.length ?? 0,
      );
    });

    test(`${slug}: the BibTeX, RIS and CSL-JSON downloads, read by citation-js, name the audit's files at their locked commits and this page's permanent address`, () => {
      const page = html(path);
      const citeAs = /<link rel="cite-as" href="([^"]+)"/.exec(page)![1];
      for (const ext of ['bib', 'ris', 'csl.json']) {
        assert.ok(page.includes(`href="${BASE}cite/${slug}.${ext}"`), `${slug}: no link to cite/${slug}.${ext}`);
        const items = new Cite(readFileSync(join(dist, 'cite', `${slug}.${ext}`), 'utf8')).data;
        assert.equal(items.length, 2, ext);
        const note = String(items[0]!['note']);
        for (const f of lock.files)
          assert.ok(note.includes(`${f.commit} (`) && note.includes(f.path), `${ext}: ${f.path} at ${f.commit}`);
        assert.equal(items[1]!['URL'], citeAs, ext);
      }
    });
  }

  for (const name of PROPERTY_NAMES) {
    test(`${name}: from each figure on its page that the packet's chain names, through the leaf and its file, to the bytes of the artifact at the locked commit`, async () => {
      const path = `properties/${name.toLowerCase()}/`;
      const { document } = parseHTML(html(path));
      const packet = JSON.parse(readFileSync(join(dist, path, 'evidence.json'), 'utf8')) as { provenance: unknown };
      const { byId, figures } = await expandChain(packet.provenance);
      const here = figures.filter((f) => literal(f, 'page') === path);
      let walked = 0;
      for (const el of document.querySelectorAll('[data-source="artifact"]')) {
        const row = el.closest('tr[id]');
        const element = row ? row.getAttribute('id') : el.closest('.verdict-hero') ? 'verdict' : undefined;
        if (!element) continue; // a figure in the prose: the chain covers the verdict and the evidence tables
        const column = el.closest('td')?.getAttribute('data-label') ?? undefined;
        const record = here.find(
          (f) =>
            literal(f, 'element') === element &&
            literal(f, 'column') === column &&
            walkFigure(byId, f, (p) => readFileSync(join(SHARED, p))).leaf.pointer === el.getAttribute('data-pointer'),
        );
        assert.ok(
          record,
          `${path}: the figure at #${element}${column ? ` (${column})` : ''}, ${el.getAttribute('data-file')}#${el.getAttribute('data-pointer')}, is not in the chain`,
        );
        const w = walkFigure(byId, record, (p) => readFileSync(join(SHARED, p)));
        assert.equal(w.leaf.file, el.getAttribute('data-file'));
        const locked = lock.files.find((f) => f.path === w.file.path)!;
        assert.deepEqual([w.file.sha256, w.file.commit], [locked.sha256, locked.commit]);
        walked++;
      }
      assert.ok(walked >= 3, `${path}: only ${walked} figures walked`);
      // And the other way: every figure the chain places on this page is an element there.
      for (const f of here)
        assert.ok(
          document.getElementById(String(literal(f, 'element'))),
          `${path}: no element #${String(literal(f, 'element'))}`,
        );
    });
  }
});

const digest = await lockDigest(loadLock(join(PROJECT, 'artifacts.lock.json')));
const revision = digest.slice(0, 12);
const COPY = `${BASE}r/${revision}/`;

test('a base naming another revision than the lock is refused', () => {
  assert.equal(checkPermanentBase(COPY, revision).archived, revision);
  assert.throws(
    () => checkPermanentBase(`${BASE}r/0123456789ab/`, revision),
    new RegExp(
      `Setting refused: SITE_BASE must be the live base, or the live base followed by r/${revision}/ .*found "${BASE}r/0123456789ab/"`,
    ),
  );
});
