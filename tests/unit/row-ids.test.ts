/** Row ids come from the row's key, not its position; collisions are resolved deterministically and every id is unique. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rowIds, rowSlug } from '../../src/tables/row-ids.ts';
import type { Cell, TableSpec } from '../../src/tables/spec.ts';

const label = (s: string): Cell => ({ label: s });
const table = (rows: string[][]): TableSpec => ({
  id: 't',
  caption: 'c',
  table: { columns: rows[0]!.map(() => ({ label: 'x' })), rows: rows.map((r) => r.map(label)) },
});

test("a row's id is its header cell, slugified, under the table's id", () => {
  assert.deepEqual(
    rowIds(
      table([
        ['GAIA', 'a'],
        ['SWE Bench', 'b'],
      ]),
    ),
    ['t--gaia', 't--swe-bench'],
  );
});

test('ids follow the rows, not their positions', () => {
  const ids = rowIds(
    table([
      ['alpha', '1'],
      ['beta', '2'],
      ['gamma', '3'],
    ]),
  );
  const reordered = rowIds(
    table([
      ['gamma', '3'],
      ['alpha', '1'],
      ['beta', '2'],
    ]),
  );
  assert.deepEqual(reordered, [ids[2], ids[0], ids[1]]);
  assert.deepEqual(rowIds(table([['beta', '2']])), [ids[1]], 'removing other rows leaves an id as it was');
});

test('rows whose header cells collide are told apart by the next cell; only those rows grow', () => {
  assert.deepEqual(
    rowIds(
      table([
        ['GAIA', 'trace a'],
        ['GAIA', 'trace b'],
        ['SWE', 'trace a'],
      ]),
    ),
    ['t--gaia-trace-a', 't--gaia-trace-b', 't--swe'],
  );
});

test('rows identical in every cell, and slugs that meet by chance, are numbered in order and stay unique', () => {
  const ids = rowIds(
    table([
      ['x', 'same'],
      ['x', 'same'],
      ['x 2', 'other'],
      ['X!', 'same'],
    ]),
  );
  assert.equal(new Set(ids).size, ids.length, ids.join(' '));
  assert.deepEqual(ids, ['t--x-same', 't--x-same-2', 't--x-2', 't--x-same-3']);
});

test('slugs are fragment-safe: lowercase ASCII, long keys cut with a digest, keys with no letters named by a digest', () => {
  assert.equal(rowSlug('Instruction Non-compliance'), 'instruction-non-compliance');
  assert.equal(rowSlug('Café <script>'), 'cafe-script');
  const long = rowSlug('a'.repeat(30) + ' ' + 'b'.repeat(30));
  assert.match(long, /^a{30}-b{17}-[0-9a-f]{8}$/);
  assert.notEqual(rowSlug('a'.repeat(30) + ' ' + 'b'.repeat(30)), rowSlug('a'.repeat(30) + ' ' + 'b'.repeat(31)));
  assert.match(rowSlug('\u202e\u200b'), /^row-[0-9a-f]{8}$/);
  assert.match(rowSlug(' '), /^row-[0-9a-f]{8}$/);
});
