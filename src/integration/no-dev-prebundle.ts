/**
 * For `astro build` only: Astro's sync step starts a throwaway Vite dev server that pre-bundles the dev
 * toolbar (in a fresh clone, the build waits for it) though a build never reads it. Vite's documented off
 * switch is nothing to include and no discovery; order 'post' runs after Astro adds the toolbar, and no
 * `apply`, since that server runs as `serve`. `npm run bench:site` shows it pays.
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
