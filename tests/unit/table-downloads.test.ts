/** Downloads that explain themselves: CSV columns named with their unit, the split as a column of a per-split table, sidecars and packets that say what they are. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { allTables } from '../../src/findings/registry.ts';
import { csvDescription, csvSpec, tableDownloads } from '../../src/findings/table-downloads.ts';
import { csvFields } from '../support/csv-fields.ts';
import { evidencePacket } from '../../src/findings/evidence-packet.ts';
import { toCsv } from '../../src/tables/csv.ts';
import { PROPERTY_NAMES } from '../../src/core/names.ts';
import { LOCK, SHARED } from '../support/fixture.ts';

const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });
const downloads = tableDownloads(audit);
const header = (d: (typeof downloads)[number]) => csvFields(toCsv(csvSpec(d)).split('\r\n')[0]!);

test('there is one download per table the site shows, in the same order', () => {
  assert.deepEqual(
    downloads.map((d) => d.spec.id),
    allTables(audit).map((t) => t.id),
  );
});

test('every column of scores, counts, ratios, F1 or percentages is named with its unit in the CSV', () => {
  const unnamed: string[] = [];
  for (const d of downloads) {
    const names = header(d);
    const offset = d.split ? 1 : 0;
    d.spec.table.columns.forEach((_, i) => {
      const kinds = new Set(d.spec.table.rows.flatMap((r) => (r[i] && 'fig' in r[i]! ? [r[i]!.fig.kind] : [])));
      const kind = kinds.size === 1 ? [...kinds][0]! : undefined;
      const name = names[i + offset]!;
      const expected = {
        score: '(score, zero to one)',
        f1: '(F1, zero to one)',
        ratio: '(ratio, x)',
        count: '(count)',
        megabytes: '(bytes)',
        percent: 'written as a fraction of one',
        percent1: 'written as a fraction of one',
      } as Record<string, string>;
      if (kind && expected[kind] && !name.includes(expected[kind]!))
        unnamed.push(`${d.spec.id}: "${name}" holds ${kind}`);
    });
  }
  assert.deepEqual(unnamed, []);
  // The ratio column keeps its "x".
  assert.ok(header(downloads.find((d) => d.spec.id === 'table-headline-gaia')!).includes('per gold error (ratio, x)'));
});

test('the per-split headline tables carry their split as the first column, and their sidecars tell them apart', () => {
  const headline = downloads.filter((d) => d.spec.id.startsWith('table-headline-'));
  assert.equal(headline.length, Object.keys(audit.adversarial.splits).length);
  for (const d of headline) {
    const lines = toCsv(csvSpec(d))
      .split('\r\n')
      .filter((l) => l !== '');
    assert.equal(csvFields(lines[0]!)[0], 'split');
    for (const line of lines.slice(1)) assert.equal(csvFields(line)[0], d.split!.text, `${d.spec.id}: ${line}`);
  }
  const captions = headline.map((d) => d.caption);
  assert.equal(new Set(captions).size, captions.length, `the captions are told apart: ${captions.join(' | ')}`);
  const meta = csvDescription(headline[0]!);
  assert.equal(meta.split, headline[0]!.split!.text);
  assert.deepEqual(meta.columns[0], { name: 'split', holds: 'the split the row is for' });
  assert.ok(meta.shown_on.every((p) => /^properties\/p\d\/#table-headline-/.test(p)));
  assert.match(meta.description, /as CSV: Predictors scored/);
});

test("every sidecar names each of its CSV's columns, as written", () => {
  for (const d of downloads) {
    const line = toCsv(csvSpec(d)).split('\r\n')[0]!;
    assert.deepEqual(
      csvDescription(d).columns.map((c) => c.name),
      csvFields(line),
      d.spec.id,
    );
  }
});

test('a CSV header line splits into its fields, quoted or not', () => {
  assert.deepEqual(csvFields('a,"b, c","d ""e""",'), ['a', 'b, c', 'd "e"', '']);
  assert.throws(() => csvFields('"open'), /unterminated/);
});

test('every evidence packet says what it is, names its page, labels its sections, and says where each value is shown', () => {
  for (const name of PROPERTY_NAMES) {
    const packet = evidencePacket(audit, name, (p) => `https://example.org/${p}`);
    assert.match(packet.description, new RegExp(`property ${name} of the TRAIL scorer audit`));
    assert.equal(packet.page, `https://example.org/properties/${name.toLowerCase()}/`);
    // Every section but the description, the page and the labels themselves is labelled (the route adds the revision).
    const keys = [...Object.keys(packet), 'revision'].filter(
      (k) => !['description', 'page', 'sections', 'claim', 'verdict', 'magnitude'].includes(k),
    );
    assert.deepEqual(
      keys.filter((k) => !(k in packet.sections)),
      [],
      name,
    );
    assert.ok(
      packet.leaves.every((l) => l.shown_in.length > 0),
      `${name}: a leaf shown nowhere`,
    );
    for (const f of packet.findings)
      for (const t of f.tables) assert.equal(t.csv, `https://example.org/data/${t.id}.csv`);
  }
});
