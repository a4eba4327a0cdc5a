/** A process slot is one value however many copies of its module the process has loaded (Astro's page bundle holds a second copy). */
import assert from 'node:assert/strict';
import { test } from 'node:test';

type SlotModule = typeof import('../../src/core/process-slot.ts');
const copy = (tag: string) => import(`../../src/core/process-slot.ts?copy=${tag}`) as Promise<SlotModule>;

test('two copies of the module share a slot of one name; another name does not', async () => {
  const [a, b] = await Promise.all([copy('a'), copy('b')]);
  assert.notEqual(a, b, 'two separate module instances, as the integration and the page bundle have');
  const one = a.processSlot<number>('test-slot');
  const other = a.processSlot<number>('test-slot-other');
  assert.equal(one.get(), undefined);
  one.set(7);
  assert.equal(b.processSlot<number>('test-slot').get(), 7, 'the other copy reads what this one set');
  assert.equal(other.get(), undefined);
});
