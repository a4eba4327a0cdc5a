/** A build turns off the dependency optimiser of the throwaway dev server that Astro's sync step starts inside it (src/integration/no-dev-prebundle.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EnvironmentOptions } from 'vite';
import { noDevPrebundle } from '../../src/integration/no-dev-prebundle.ts';

const hook = noDevPrebundle.configEnvironment as {
  order: string;
  handler: (name: string, options: EnvironmentOptions) => void;
};
// A trimmed copy of what Astro's astro:environment plugin puts in the browser environment: the toolbar's two modules to pre-bundle, and one exclude, which must survive.
const astrosClient = (): EnvironmentOptions => ({
  optimizeDeps: {
    include: ['astro > html-escaper', 'astro/runtime/client/dev-toolbar/entrypoint.js'],
    exclude: ['astro:*'],
  },
});

// Astro's astro:environment hook has no order, so it runs before this 'post' one and has already added the toolbar modules this one removes.
test("its configEnvironment hook has order 'post'", () => {
  assert.equal(hook.order, 'post');
});

test("has no `apply`: the sync step's server runs as Vite's `serve`, which `apply: 'build'` would skip", () => {
  assert.equal(noDevPrebundle.apply, undefined);
});

test("turns the browser environment's optimiser off as Vite documents it (nothing to include, no discovery) and keeps its other options", () => {
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
