/**
 * A Vite plugin for `astro build` only. Astro's type sync, inside every build, starts a
 * throwaway dev server whose browser environment pre-bundles the dev toolbar's modules into
 * node_modules/.vite/deps: the build never reads them, and the sync waits for rolldown to
 * write them. Vite's documented way to turn its dependency optimiser off is no discovery and
 * nothing to include; set last, after Astro's own plugin has asked for the toolbar's modules.
 * `astro dev` keeps the optimiser and its toolbar.
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
