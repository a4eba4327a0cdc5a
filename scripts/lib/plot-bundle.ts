/**
 * Observable Plot as one prebundled module for the build (prebundle.ts: content-addressed,
 * used only when it provably comes from the files installed now). Plot is 81 modules and
 * the d3 it imports about 30 more; Node loaded them in about 140 ms of the build's thread,
 * the bundle in about 50. The bundle is the same code: the built site is byte for byte the
 * same either way (tested).
 *
 * `npm run build` refreshes the bundle in its own process while Astro starts. Astro's build
 * takes Plot from it when it is fresh as the configuration loads (astro.config.mjs decides
 * once, and the chart cache's key names the bundle), and from node_modules otherwise.
 * `astro dev` and the tests always use node_modules.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { freshBundle, rebuildBundle, type PrebundleSpec } from './prebundle.ts';

export const PLOT = '@observablehq/plot';

export const plotBundleSpec = (root: string): PrebundleSpec => ({ root, entry: 'node_modules/@observablehq/plot/src/index.js', cacheDir: join(root, 'node_modules/.cache/plot-bundle') });

/** Builds the bundle unless a fresh one is there. A cache: a failure only means Plot is loaded from node_modules. */
export async function refreshPlotBundle(spec: PrebundleSpec): Promise<void> {
  if (freshBundle(spec) === undefined) await rebuildBundle(spec).catch(() => {});
}

/** Vite: on the server side of a build, `@observablehq/plot` is `bundle` (a fresh one, as decided once), imported by Node from its file. */
export function plotFromBundle(bundle: string | undefined): Plugin {
  return {
    name: 'trail:plot-from-bundle',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    resolveId(source) {
      return source === PLOT && bundle !== undefined ? { id: bundle, external: 'absolute' } : null;
    },
  };
}
