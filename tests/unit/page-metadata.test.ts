/** A cited page's metadata, on a synthetic audit: Highwire tags and JSON-LD read back by html-metadata and the jsonld processor; the data block escaped so nothing ends it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditRepository, type CitedPage } from '../../src/findings/citation.ts';
import { highwireTags, jsonLd, scriptJson } from '../../src/findings/page-metadata.ts';
import { evidenceJson, pageDownloads } from '../../src/findings/downloads.ts';
import { createHash } from 'node:crypto';
import { addressesOf } from '../../src/site/permanent.ts';
import { hashInlineScripts } from '../../src/passes/csp-hashes.ts';
import { SCRIPT_SOURCES } from '../../src/site/csp.ts';
import { syntheticAudit } from '../support/synthetic-audit.ts';
import { expand, readMetadata, SCHEMA } from '../support/metadata.ts';

const audit = await syntheticAudit();
const site = {
  commit: 'c'.repeat(40),
  dirty: false,
  label: 'c'.repeat(40),
  date: '2026-11-30T10:00:00+00:00',
  day: '2026-11-30',
  from: 'git',
  repository: undefined,
} as const;
const hostile = 'P5 </script><script>alert(1)</script><!-- & "quoted"';
const page: CitedPage = {
  title: hostile,
  slug: 'p5',
  ...addressesOf('https://o.github.io', '/site/', audit.revision.short, 'properties/p5/'),
};
const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A head as the page writes it (Astro escapes attributes the same way). */
function head(data: unknown): string {
  const tags = highwireTags(audit, site, page)
    .map(([n, c]) => `<meta name="${n}" content="${attr(c)}">`)
    .join('');
  return `<html><head><meta http-equiv="Content-Security-Policy" content="script-src ${SCRIPT_SOURCES}"><title>${attr(page.title)}</title><link rel="cite-as" href="${page.permanent}">${tags}<script type="application/ld+json">${scriptJson(data)}</script></head><body><p id="after">after</p></body></html>`;
}

test('html-metadata reads the Highwire tags: the title, the report institution, the permanent address, the two works it is based on', async () => {
  const m = await readMetadata(head(jsonLd(audit, site, page, 'd', [])));
  const hw = m.highwirePress!;
  assert.equal(hw['title'], hostile);
  assert.equal(hw['public_url'], page.permanent);
  assert.equal(hw['publication_date'], '2026/11/30');
  const refs = [hw['reference']].flat().join('\n');
  assert.match(refs, new RegExp(`citation_public_url=${auditRepository(audit).url}`));
  assert.match(refs, /citation_arxiv_id=2505\.08638/);
});

test('the JSON-LD, read by html-metadata and expanded by jsonld: a Report and ScholarlyArticle at the permanent address, based on the audit and the paper, its downloads with format and digest', async () => {
  const downloads = pageDownloads(audit, site, 'p5', 'https://o.github.io/site/');
  assert.ok(downloads.length > 0 && downloads[0]!.path === 'properties/p5/evidence.json');
  const data = jsonLd(audit, site, page, 'd', downloads);
  const m = await readMetadata(head(data));
  assert.deepEqual(
    m.jsonLd,
    JSON.parse(JSON.stringify(data)),
    'html-metadata reads the block back exactly, hostile title included',
  );
  const [node] = await expand(m.jsonLd);
  assert.equal(node!['@id'], page.permanent);
  assert.deepEqual(node!['@type'], [`${SCHEMA}Report`, `${SCHEMA}ScholarlyArticle`]);
  const based = node![`${SCHEMA}isBasedOn`] as Record<string, unknown>[];
  assert.deepEqual(
    based.map((b) => b['@id']),
    [auditRepository(audit).url, 'https://arxiv.org/abs/2505.08638v3'],
  );
  const leaves = (based[0]![`${SCHEMA}hasPart`] as Record<string, { '@value': string }[]>[]).map((p) => [
    p[`${SCHEMA}name`]![0]!['@value'],
    p[`${SCHEMA}sha256`]![0]!['@value'],
  ]);
  assert.deepEqual(
    leaves,
    audit.lock.files.map((f) => [f.path, f.sha256]),
  );
  const parts = node![`${SCHEMA}hasPart`] as Record<
    string,
    Record<string, { '@value'?: string; '@id'?: string }[]>[]
  >[];
  assert.equal(parts.length, downloads.length);
  for (const [i, d] of downloads.entries()) {
    const dist = parts[i]![`${SCHEMA}distribution`]![0]!;
    assert.deepEqual(parts[i]!['@type'], [`${SCHEMA}Dataset`]);
    assert.equal(dist[`${SCHEMA}encodingFormat`]![0]!['@value'], d.encodingFormat);
    assert.equal(dist[`${SCHEMA}sha256`]![0]!['@value'], d.sha256);
    assert.equal(
      dist[`${SCHEMA}contentUrl`]![0]!['@value'],
      `${page.liveRoot}${d.path}`,
      'the live build names its own files',
    );
  }
});

test('the data block cannot be ended early: no <, > or & in it, and JSON.parse gives the value back', () => {
  const text = scriptJson({ t: hostile, s: '\u2028' });
  assert.doesNotMatch(text, /[<>&\u2028]/);
  assert.deepEqual(JSON.parse(text), { t: hostile, s: '\u2028' });
});

test("the policy's script hashes leave the JSON-LD block out, and still hash a script beside it", () => {
  const html = head({ a: 1 });
  assert.equal(hashInlineScripts(html, 'p.html'), html);
  const withScript = html.replace('</body>', '<script>x()</script></body>');
  assert.equal((hashInlineScripts(withScript, 'p.html').match(/'sha256-/g) ?? []).length, 1);
});

test("a local build's metadata names no permanent copy: it has none", () => {
  const local: CitedPage = {
    title: 'P5',
    slug: 'p5',
    ...addressesOf('http://localhost:4321', '/', audit.revision.short, 'properties/p5/'),
  };
  const tags = highwireTags(audit, site, local);
  assert.equal(
    tags.find(([n]) => n === 'citation_public_url'),
    undefined,
  );
  const data = jsonLd(audit, site, local, 'd', []);
  assert.equal(data['@id'], local.live);
  assert.ok(!JSON.stringify([tags, data]).includes(`/r/${audit.revision.short}/`), 'no permanent address anywhere');
});

test("a packet is made once per base address: the page's digest is of the endpoint's very string, and another base gets a packet of its own", () => {
  const base = 'https://o.github.io/site/';
  const packet = evidenceJson(audit, site, 'P5', base);
  assert.equal(evidenceJson(audit, site, 'P5', base), packet);
  assert.equal(JSON.parse(packet).page, `${base}properties/p5/`);
  const [download] = pageDownloads(audit, site, 'p5', base);
  assert.equal(download!.sha256, createHash('sha256').update(packet, 'utf8').digest('hex'));
  const elsewhere = evidenceJson(audit, site, 'P5', 'https://other.example/x/');
  assert.equal(JSON.parse(elsewhere).page, 'https://other.example/x/properties/p5/');
  assert.notEqual(
    evidenceJson(audit, { ...site, commit: 'd'.repeat(40), label: 'd'.repeat(40) }, 'P5', base),
    packet,
    'another site revision is another packet',
  );
  assert.throws(() => evidenceJson(audit, site, 'P5', 'https://o.github.io/site'), /does not end in a slash/);
});
