/**
 * A Vite plugin the integration adds for `astro build` only. Every build runs Astro's sync step
 * (what `astro sync` does: the content layer and the generated types), which starts a throwaway
 * Vite dev server. That server's browser environment pre-bundles the dev toolbar's modules into
 * node_modules/.vite/deps whenever that folder is missing, or was made under another Vite
 * configuration or another set of installed packages (in CI, in a fresh clone, after
 * `npm install` or `astro dev`), and the build waits until they are written; a build never
 * reads them. Vite's documented way to turn its dependency optimiser off is nothing to include
 * and no discovery. The plugin sets both in a `configEnvironment` hook with order 'post', so it
 * runs after Astro's `astro:environment` plugin has added the toolbar's modules. It has no
 * `apply`: that server runs as Vite's `serve`, which `apply: 'build'` would skip. `astro dev` is
 * unchanged: its optimiser still pre-bundles the toolbar.
 */
import type { Plugin } from 'vite';

export const noDevPrebundle: Plugin = {
  name: 'audit-guards:no-dev-prebundle',
  configEnvironment: {
    order: 'post',
    handler(name, options) {
      if (name !== 'client') return;
      options.optimizeDeps = { ...options.optimizeDeps, include: [], noDiscovery: true };
    },
  },
};
