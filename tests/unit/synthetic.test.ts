/**
 * Unit tests on the synthetic audit (tests/support/synthetic-audit.ts): admission,
 * re-derivation, every table and the named derivations, without the real
 * artifacts and without a built site.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { admitFromDisk } from '../../src/admission/load.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { rederive } from '../../src/audit/assemble.ts';
import { PROPERTY_NAMES } from '../../src/core/names.ts';
import { NAMED_DERIVATIONS } from '../../src/measures/named.ts';
import { allTables } from '../../src/findings/registry.ts';
import { toCsv } from '../../src/tables/csv.ts';
import { matchSnapshot } from '../support/snapshot.ts';
import { syntheticAudit, writeSyntheticAudit } from '../support/synthetic-audit.ts';

const audit = await syntheticAudit();

describe('the synthetic audit', () => {
  test('passes every admission check and every re-derivation, and decides P1 to P9', () => {
    const ids: string[] = audit.checks.map((c) => c.id);
    for (const id of ['digest', 'schema', 'pins', 'index', 'properties', 'totals'])
      assert.ok(ids.includes(id), `no ${id} check in ${ids.join(', ')}`);
    assert.equal(ids.at(-1), 'derivation');
    assert.deepEqual(
      audit.properties.map((p) => p.name),
      [...PROPERTY_NAMES],
    );
    assert.ok(audit.rederived.size > 50, `only ${audit.rederived.size} leaves re-derived`);
  });

  test('a tampered leaf in it is refused by the re-derivation that recomputes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trail-synthetic-'));
    try {
      const copy = writeSyntheticAudit(dir, (files) => {
        (files['results/catf1.json'].rows as Record<string, unknown>[])[0]!['weighted_f1'] = 0.5;
      });
      await assert.rejects(
        async () => rederive(await admitFromDisk(copy.root, copy.lockPath)),
        (e: unknown) =>
          e instanceof AdmissionError &&
          e.check === 'derivation' &&
          e.file === 'results/catf1.json' &&
          e.pointer === '/rows/0/weighted_f1',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tables from the synthetic audit', () => {
  const tables = allTables(audit);
  test('every table has a unique id and rows as wide as its columns', () => {
    assert.equal(new Set(tables.map((t) => t.id)).size, tables.length);
    for (const t of tables) {
      assert.ok(t.table.rows.length > 0 || t.id === 'table-walked-past', `${t.id} has no rows`);
      for (const row of t.table.rows) assert.equal(row.length, t.table.columns.length, t.id);
    }
  });
  for (const t of tables) {
    test(`${t.id} as CSV matches tests/output/tables/${t.id}.csv`, () => matchSnapshot(`tables/${t.id}.csv`, toCsv(t)));
  }
});

describe('named derivations on the synthetic audit', () => {
  test('every one computes a finite figure', () => {
    for (const [name, f] of Object.entries(NAMED_DERIVATIONS)) assert.ok(Number.isFinite(f(audit).value), name);
  });
  test('Table 5 counts its cells and the ones that disagree', () => {
    // Made up: the paper differs from the tree on traces, spans and errors for Alpha, on spans and traces with an error for Beta.
    assert.equal(NAMED_DERIVATIONS['table-5/cells-compared'](audit).value, 10);
    assert.equal(NAMED_DERIVATIONS['table-5/cells-disagreeing'](audit).value, 5);
  });
});
