/**
 * A tenth property, or a new finding, needs no change to a guard: the guards read the
 * property names from src/core/names.ts and the finding ids from the registry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedTokens, looseFigures } from '../../src/guards/allowlist.ts';
import { PROPERTY_NAMES, propertyOfPageFile } from '../../src/core/names.ts';

test('the prose allowlist takes its property names from the one list, P10 included once it is there', () => {
  assert.deepEqual(looseFigures('P10 is violated'), ['P10'], 'today P10 is no property, so it is a loose figure');
  assert.deepEqual(looseFigures('P10 is violated', allowedTokens([...PROPERTY_NAMES, 'P10'])), []);
  assert.deepEqual(looseFigures('P1 and P9'), []);
  assert.deepEqual(looseFigures('P11', allowedTokens([...PROPERTY_NAMES, 'P10'])), ['P11']);
});

test('a property page is found by its file name, p10.mdx as P10', () => {
  assert.equal(propertyOfPageFile('../../content/properties/p10.mdx'), 'P10');
  assert.equal(propertyOfPageFile('content/properties/p1.mdx'), 'P1');
  for (const other of [
    'content/properties/notes.mdx',
    'content/properties/p01.mdx',
    'content/properties/p1.md',
    'content/properties/xp1.mdx',
  ]) {
    assert.equal(propertyOfPageFile(other), undefined, other);
  }
});
