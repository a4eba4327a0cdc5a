/** CSV cells a spreadsheet would run as a formula are written as text (issue #21, item 6; OWASP's CSV injection advice). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvFormulaNote, toCsv } from '../../src/tables/csv.ts';
import type { TableSpec } from '../../src/tables/spec.ts';

const fig = (value: number) => ({
  fig: { value, kind: 'score' as const, source: { type: 'paper' as const, citation: 'c' } },
});
const spec: TableSpec = {
  id: 't',
  caption: 'c',
  table: {
    columns: [{ label: 'substring' }, { label: 'delta', numeric: true }],
    rows: [
      [{ label: '=HYPERLINK("https://evil.example","x")' }, fig(-0.25)],
      [{ label: '+1+2' }, fig(0.5)],
      [{ label: '-2-3' }, fig(-1e-7)],
      [{ label: '@SUM(A1)' }, fig(0)],
      [{ label: '\tlead' }, fig(1)],
      [{ label: '\r=1' }, fig(1)],
      [{ label: '-0.5' }, fig(-3)],
      [{ label: 'plain' }, { label: '=1' }],
    ],
  },
};

test('formula-like strings get a leading quote and are quoted; plain and negative numbers stay numbers', () => {
  assert.equal(
    toCsv(spec),
    [
      'substring,delta',
      '"\'=HYPERLINK(""https://evil.example"",""x"")",-0.25',
      '"\'+1+2",0.5',
      '"\'-2-3",-1e-7',
      '"\'@SUM(A1)",0',
      '"\'\tlead",1',
      '"\'\r\'=1",1',
      '-0.5,-3',
      'plain,"\'=1"',
      '',
    ].join('\r\n'),
  );
});

test("the sidecar's note names each neutralised cell by row and column, and says how", () => {
  const note = csvFormulaNote(spec);
  assert.deepEqual(note.cells, [
    { row: 1, column: 'substring' },
    { row: 2, column: 'substring' },
    { row: 3, column: 'substring' },
    { row: 4, column: 'substring' },
    { row: 5, column: 'substring' },
    { row: 6, column: 'substring' },
    { row: 8, column: 'delta' },
  ]);
  assert.match(note.rule, /single quote/);
  assert.deepEqual(
    csvFormulaNote({ id: 'u', caption: 'c', table: { columns: [{ label: 'a' }], rows: [[fig(-1)]] } }).cells,
    [],
  );
});

test('a formula after a tab, `;` or line break inside a field is neutralised too, and the field quoted', () => {
  const one = (label: string) => ({ id: 'v', caption: 'c', table: { columns: [{ label: 'a' }], rows: [[{ label }]] } });
  assert.equal(toCsv(one('gold\t=1+1')), 'a\r\n"gold\t\'=1+1"\r\n');
  assert.equal(toCsv(one("gold;=cmd|' /C calc'!A0")), "a\r\n\"gold;'=cmd|' /C calc'!A0\"\r\n");
  assert.equal(toCsv(one('a\n@x;+y')), 'a\r\n"a\n\'@x;\'+y"\r\n');
  assert.deepEqual(csvFormulaNote(one('gold;=1')).cells, [{ row: 1, column: 'a' }]);
  // A tab or `;` alone is quoted, so a splitting import keeps the field whole; a number after one stays a number.
  assert.equal(toCsv(one('a;b\tc;-0.5')), 'a\r\n"a;b\tc;-0.5"\r\n');
  assert.deepEqual(csvFormulaNote(one('a;b\tc;-0.5')).cells, []);
});
