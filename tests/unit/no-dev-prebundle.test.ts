/** A build turns off the dependency optimiser of the throwaway dev server that Astro's type sync starts inside it (src/integration/no-dev-prebundle.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EnvironmentOptions } from 'vite';
import { noDevPrebundle } from '../../src/integration/no-dev-prebundle.ts';

const hook = noDevPrebundle.configEnvironment as { order: string; handler: (name: string, options: EnvironmentOptions) => void };
// The part of what Astro's own plugin leaves in the browser environment that matters here: the dev toolbar's modules to pre-bundle.
const astrosClient = (): EnvironmentOptions => ({ optimizeDeps: { include: ['astro > html-escaper', 'astro/runtime/client/dev-toolbar/entrypoint.js'], exclude: ['astro:*'] } });

test("runs in Vite's post order, after Astro's own plugin (normal order) has added the toolbar modules it removes", () => {
  assert.equal(hook.order, 'post');
});

test("has no `apply`: the type sync's server runs as Vite's `serve`, which `apply: 'build'` would skip", () => {
  assert.equal(noDevPrebundle.apply, undefined);
});

test("empties the browser environment's optimiser as Vite documents it: nothing to include, no discovery", () => {
  const client = astrosClient();
  hook.handler('client', client);
  assert.deepEqual(client.optimizeDeps, { include: [], exclude: ['astro:*'], noDiscovery: true });
});

test('leaves every other environment as it was', () => {
  for (const name of ['ssr', 'prerender', 'astro']) {
    const options = astrosClient();
    hook.handler(name, options);
    assert.deepEqual(options, astrosClient(), name);
  }
});
