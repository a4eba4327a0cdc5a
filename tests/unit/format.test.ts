import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { formatFigure, type Kind } from '../../src/provenance/format.ts';
import { roundPython, toFixedPython } from '../../src/core/python-round.ts';

// Expected strings written by Python's own format() and round(), including exact binary ties.
const PY = JSON.parse(readFileSync(new URL('../fixtures/python-formats.json', import.meta.url), 'utf8')) as Record<
  string,
  [number, string][]
> & {
  round10: [number, number, number][];
};

for (const kind of [
  'score',
  'f1',
  'ratio',
  'percent',
  'percent1',
  'percent2',
  'count',
  'megabytes',
] as const satisfies readonly Kind[]) {
  test(`${kind} formats exactly as Python does`, () => {
    const cases = PY[kind]!;
    assert.ok(cases.length > 3);
    for (const [value, expected] of cases) assert.equal(formatFigure(value, kind), expected, `${kind} of ${value}`);
  });
}

test('round(x, 10) matches Python, ties included', () => {
  for (const [a, b, expected] of PY.round10) assert.equal(roundPython(a / b, 10), expected, `${a}/${b}`);
});

test('ties go to even on the exact binary value, where toFixed goes up', () => {
  assert.equal(toFixedPython(0.125, 2), '0.12');
  assert.equal((0.125).toFixed(2), '0.13');
  assert.equal(toFixedPython(15.75, 1), '15.8');
  assert.equal(toFixedPython(-0.0001, 3), '-0.000');
});

test('a count must be whole, and nothing formats NaN', () => {
  assert.throws(() => formatFigure(1.5, 'count'));
  assert.throws(() => formatFigure(Number.NaN, 'score'));
});
