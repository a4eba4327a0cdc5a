/** The reimplemented scorer pieces, against the examples the audit's spec gives. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { enumerateSubstrings, normalizeCategory } from '../../src/rederive/scorer/normalize.ts';
import { scoreTrace } from '../../src/rederive/scorer/metrics.ts';
import { LOCK, SHARED } from '../support/fixture.ts';

const audit = await assembleAudit({ root: SHARED, lockPath: LOCK });
const TAXONOMY = Object.keys(audit.normaliser.shortest_reaching);

test('the taxonomy the normaliser artifact reaches has 21 labels, Language-only first', () => {
  assert.equal(TAXONOMY.length, 21);
  assert.equal(TAXONOMY[0], 'Language-only');
});

test('the probes: error, resource, tool and a single space', () => {
  assert.equal(normalizeCategory('error', TAXONOMY).value, 'Tool Selection Errors');
  assert.equal(normalizeCategory('resource', TAXONOMY).value, 'Resource Not Found');
  assert.equal(normalizeCategory('tool', TAXONOMY).value, 'Tool-related');
  assert.deepEqual(normalizeCategory(' ', TAXONOMY), { value: 'Language-only', loop: 'fallback' });
});

test('the loop column of the gold drift table', () => {
  const expected: [string, string, string][] = [
    [' Incorrect Problem Identification', 'exact', 'Incorrect Problem Identification'],
    ['Context Handling Failure', 'fallback', 'Context Handling Failures'],
    ['Formatting Error', 'fallback', 'Formatting Errors'],
    ['Goal deviation', 'exact', 'Goal Deviation'],
    ['Instruction Non-Compliance', 'exact', 'Instruction Non-compliance'],
    ['Instruction non complience', 'neither', 'instruction non complience'],
    ['Language-Only', 'exact', 'Language-only'],
    ['Poor Information retrieval', 'exact', 'Poor Information Retrieval'],
    ['Task Orchestration Error', 'neither', 'task orchestration error'],
    ['Task Orchestration Errors', 'neither', 'task orchestration errors'],
    ['Tool Selection', 'fallback', 'Tool Selection Errors'],
  ];
  for (const [spelling, loop, lands] of expected)
    assert.deepEqual(normalizeCategory(spelling, TAXONOMY), { value: lands, loop }, spelling);
});

test('the empty string is returned before any loop runs', () => {
  assert.deepEqual(normalizeCategory('', TAXONOMY), { value: '', loop: 'neither' });
});

test('the labels have 3,205 distinct substrings between them', () => {
  assert.equal(enumerateSubstrings(TAXONOMY).length, 3205);
});

test('pairing: a null category first slides every later category onto the wrong location', () => {
  const real = [
    { location: 'span-two', category: 'Language-only' },
    { location: 'span-three', category: 'Tool-related' },
  ];
  const withNull = [{ location: 'span-one', category: null }, ...real];
  assert.deepEqual(scoreTrace(withNull, real, TAXONOMY), { joint: 0, location: 2 / 3 });
  assert.deepEqual(scoreTrace(real, real, TAXONOMY), { joint: 1, location: 1 });
  assert.deepEqual(scoreTrace(real, withNull, TAXONOMY), { joint: 0, location: 1 });
  assert.deepEqual(scoreTrace([], real, TAXONOMY), { joint: 0, location: 0 });
});
