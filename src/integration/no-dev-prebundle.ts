/**
 * A Vite plugin the integration adds for `astro build` only. Astro's type sync, inside every
 * build, starts a throwaway dev server whose browser environment pre-bundles the dev toolbar's
 * modules into node_modules/.vite/deps whenever that folder is missing or out of date (in CI,
 * in every fresh clone), and the sync waits for rolldown to write them; the build never reads
 * them. Vite's documented way to turn its dependency optimiser off is no discovery and nothing
 * to include; set in Vite's post order, after Astro's own plugin has asked for the toolbar's
 * modules. No `apply: 'build'`: that server runs with Vite's command `serve`, so such a plugin
 * would never see it. `astro dev` keeps the optimiser and its toolbar.
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
