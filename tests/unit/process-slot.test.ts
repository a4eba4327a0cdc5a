/** A process slot is one value however many copies of a module ask for it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { processSlot } from '../../src/core/process-slot.ts';

test('two slots of one name share their value; another name does not', () => {
  const a = processSlot<number>('test-slot');
  const b = processSlot<number>('test-slot');
  const other = processSlot<number>('test-slot-other');
  assert.equal(a.get(), undefined);
  a.set(7);
  assert.equal(b.get(), 7);
  assert.equal(other.get(), undefined);
});
