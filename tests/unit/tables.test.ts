/** The table builders: one per table on the site, unique ids, and CSV that round-trips the raw values. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { allTables, findingTables } from '../../src/findings/registry.ts';
import type { FindingId } from '../../src/findings/registry.ts';
import { toCsv } from '../../src/tables/csv.ts';
import { LOCK, SHARED } from '../support/fixture.ts';
import { builtSite } from '../support/built-site.ts';

const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });

test('every table has a unique id and rows as wide as its columns', () => {
  const tables = allTables(audit);
  assert.ok(tables.length >= 25);
  for (const t of tables) for (const row of t.table.rows) assert.equal(row.length, t.table.columns.length, t.id);
});

test('CSV quotes commas, quotes, newlines and edge spaces, and writes raw values', () => {
  const csv = toCsv({
    id: 't',
    caption: 'c',
    table: {
      columns: [{ label: 'a' }, { label: 'b', numeric: true }],
      rows: [
        [
          { label: 'x, "y"' },
          { fig: { value: 0.9677419355, kind: 'score', source: { type: 'paper', citation: 'c' } } },
        ],
        [{ label: ' lead' }, { empty: true }],
        [{ label: 'two\nlines' }, { label: 'plain' }],
      ],
    },
  });
  assert.equal(csv, 'a,b\r\n"x, ""y""",0.9677419355\r\n" lead",\r\n"two\nlines",plain\r\n');
});

test("the headline CSV holds the artifact's values at full precision", () => {
  const csv = toCsv(allTables(audit).find((t) => t.id === 'table-headline-gaia')!);
  assert.match(csv, /^all-spans-all-categories,spans,0\.973354232,0\.974137931,74865,129\.0775862069\r$/m);
});

test("each finding's section on the built pages holds exactly the tables findingTables names", () => {
  const dist = builtSite();
  const pages = [
    'index.html',
    ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'].map((p) => `properties/${p}/index.html`),
  ];
  let sections = 0;
  for (const page of pages) {
    const { document } = parseHTML(readFileSync(join(dist, page), 'utf8'));
    for (const section of document.querySelectorAll('section[data-finding]')) {
      const id = section.getAttribute('data-finding') as FindingId;
      // Evidence the report leaves to a property page is one link to the finding's evidence there (checked on that page).
      const elsewhere = [...section.querySelectorAll('p.more-elsewhere > a[href*="#"]')].some(
        (a) => a.getAttribute('href')!.split('#')[1] === `evidence-${id}`,
      )
        ? findingTables(audit, id).map((t) => t.id)
        : [];
      const placed = [...section.querySelectorAll('figure.table-figure')]
        .map((f) => f.getAttribute('id') ?? '')
        .concat(elsewhere)
        .sort();
      assert.deepEqual(
        placed,
        findingTables(audit, id)
          .map((t) => t.id)
          .sort(),
        `${page}: finding ${id}`,
      );
      sections++;
    }
  }
  assert.ok(sections > 30, `${sections} sections checked`);
});
