/**
 * Snapshot comparison in the style of Observable Plot's own tests: a rendering is
 * compared with a committed file under tests/output/. UPDATE_SNAPSHOTS=1 rewrites
 * the files instead; a missing file fails unless it is being written.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROJECT } from './fixture.ts';

export const OUTPUT = join(PROJECT, 'tests/output');
const UPDATE = process.env['UPDATE_SNAPSHOTS'] === '1';

/** Where two texts first differ, as line and column with both lines, for a message a reader can act on. */
export function firstDifference(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    let c = 0;
    while (c < x.length && x[c] === y[c]) c++;
    const around = (s: string) => JSON.stringify(s.slice(Math.max(0, c - 40), c + 60));
    return `line ${i + 1}, column ${c + 1}\n  committed: ${i < a.length ? around(x) : '(no such line)'}\n  rendered:  ${i < b.length ? around(y) : '(no such line)'}`;
  }
  return 'in trailing content';
}

export function matchSnapshot(name: string, actual: string): void {
  const path = join(OUTPUT, name);
  const shown = relative(PROJECT, path);
  if (UPDATE) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  assert.ok(
    existsSync(path),
    `${shown} does not exist: run UPDATE_SNAPSHOTS=1 npm run test:unit to write it, then review and commit it`,
  );
  const where = firstDifference(readFileSync(path, 'utf8'), actual);
  assert.equal(
    where,
    undefined,
    `${shown} differs from the rendering at ${where}\n(if the change is intended: UPDATE_SNAPSHOTS=1 npm run test:unit, then review the diff and commit it)`,
  );
}
