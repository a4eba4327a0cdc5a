/**
 * Which runs keep their work between runs: a build sets the chart drawings' key and takes
 * the prose check's; the dev server, whose code changes while it runs, sets neither.
 * Runs the integration's own hooks on the real artifacts (AUDIT_ROOT: the shared copy).
 */
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { auditGuards } from '../../src/guards/integration.ts';
import { LOCK, PROJECT, SHARED } from '../support/fixture.ts';

process.env['AUDIT_ROOT'] = SHARED;
process.env['AUDIT_LOCK'] = LOCK;
process.chdir(PROJECT);

const SLOT = Symbol.for('trail-audit-site.chart-drawings');
const slot = () => (globalThis as Record<symbol, unknown>)[SLOT];
const logger = { info: () => {}, warn: () => {}, error: (m: string) => assert.fail(m) };

async function start(command: 'build' | 'dev') {
  delete (globalThis as Record<symbol, unknown>)[SLOT];
  const { hooks } = auditGuards({ plot: 'node_modules' });
  const config = { root: pathToFileURL(`${PROJECT}/`), base: '/', site: 'http://localhost:4321' };
  type Hook = (options: unknown) => unknown;
  await (hooks['astro:config:setup'] as Hook)({ command, config, logger, updateConfig: () => {} });
  await (hooks['astro:config:done'] as Hook)({ config, logger });
}

describe('the caches a run keeps', () => {
  test('a build looks its charts up under a key', async () => {
    await start('build');
    assert.match(String((slot() as { key?: string } | undefined)?.key), /^[0-9a-f]{64}$/);
  });
  test('the dev server never does: it always draws', async () => {
    await start('dev');
    assert.equal(slot(), undefined);
  });
});
