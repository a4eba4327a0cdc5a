/**
 * The citations as the site serves them, read by parsers a reference manager uses rather than by citation-js,
 * which wrote them: BibTeX by @retorquere/bibtex-parser (Better BibTeX for Zotero's parser), RIS by astrocite-ris.
 * Each entry keeps its title, author, address, date and the commits it names, against the CSL-JSON served beside it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { parse as parseRis } from 'astrocite-ris';
import type { CslItem } from '../../src/findings/citation.ts';
import { builtSite } from '../support/built-site.ts';

const cite = join(builtSite(), 'cite');
const slugs = readdirSync(cite)
  .filter((f) => f.endsWith('.csl.json'))
  .map((f) => f.slice(0, -'.csl.json'.length));
const served = (slug: string, ext: string) => readFileSync(join(cite, `${slug}.${ext}`), 'utf8');
/** The commits an entry names: forty hex digits in the audit's entry, twelve in the page's. */
const commits = (note: string) => [...note.matchAll(/\b[0-9a-f]{12}(?:[0-9a-f]{28})?\b/g)].map((m) => m[0]);
/** A name as a reference manager shows it, from its parts. */
const nameOf = (n: Record<string, string | undefined>) =>
  n['literal'] ??
  n['name'] ??
  [n['given'] ?? n['firstName'], n['dropping-particle'], n['non-dropping-particle'], n['family'] ?? n['lastName']]
    .filter(Boolean)
    .join(' ');

test('the report and every property page serve their citation in each format', () => {
  assert.deepEqual(slugs.sort(), ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'report']);
});

const pad = (n: number) => String(n).padStart(2, '0');

for (const slug of slugs) {
  const items = JSON.parse(served(slug, 'csl.json')) as CslItem[];
  const [year, month, day] = items[1]!.issued!['date-parts'][0]!;

  test(`${slug}: its BibTeX, read by @retorquere/bibtex-parser, keeps every field a reader needs`, () => {
    const parsed = parseBibtex(served(slug, 'bib'));
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.entries.length, 2);
    for (const [entry, item] of parsed.entries.map((e, i) => [e, items[i]!] as const)) {
      const f = entry.fields as Record<string, unknown>;
      assert.equal(f['title'], item.title);
      assert.deepEqual(
        (f['author'] as Record<string, string>[]).map(nameOf),
        item.author.map((a) => a.literal),
      );
      assert.equal(f['url'], item.URL);
      assert.deepEqual(commits(String(f['note'])), commits(item.note));
      assert.ok(commits(item.note).length > 0);
    }
    const date = parsed.entries[1]!.fields as Record<string, unknown>;
    assert.equal(date['year'], String(year));
    assert.equal(date['month'], String(month));
    assert.match(String(date['note']), new RegExp(`${year}-${pad(month!)}-${pad(day!)}T`));
  });

  test(`${slug}: its RIS, read by astrocite-ris, keeps every field a reader needs`, () => {
    const parsed = parseRis(served(slug, 'ris'));
    assert.equal(parsed.length, 2);
    for (const [entry, item] of parsed.map((e, i) => [e, items[i]!] as const)) {
      assert.equal(entry.type, item.type);
      assert.equal(entry.title, item.title);
      assert.deepEqual(
        entry.author!.map(nameOf),
        item.author.map((a) => a.literal),
      );
      assert.equal(entry.URL, item.URL);
      assert.deepEqual(commits(String(entry.note)), commits(item.note));
    }
    // astrocite reads the year (PY); the full date is on the DA line, as RIS writes it.
    assert.deepEqual(parsed[1]!.issued, { 'date-parts': [[String(year)]] });
    assert.match(served(slug, 'ris'), new RegExp(`^DA {2}- ${year}/${pad(month!)}/${pad(day!)}/$`, 'm'));
  });
}
