/**
 * The build as an Astro integration: the one path for `npm run build`, `astro build`,
 * `astro dev` and the tests' sandbox builds. When Astro starts, the highlighting and the
 * drawing processes start (start-early.ts), then the audit is admitted once and handed
 * down (admit.ts); while Vite bundles the pages, the prose is checked
 * (check-prose.ts), and no page renders until it passes; once the site is written, it is
 * rewritten by the passes and judged by the guards (check-built-site.ts). Any refusal
 * stops the build (refusal.ts). A build pre-bundles no dev toolbar it would never use
 * (no-dev-prebundle.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import type { Audit } from '../audit/assemble.ts';
import { orStop, stopNow } from './refusal.ts';
import { checkOutDir, markBuilt } from '../site/out-dir.ts';
import { takeImageOffers } from '../charts/image-offers.ts';
import type { Drawings } from '../passes/rasterise.ts';
import { startEarly } from './start-early.ts';
import { noDevPrebundle } from './no-dev-prebundle.ts';
import { verifyBundle } from './verify-bundle.ts';

/** `publishing`: a build meant for publishing (src/site/settings.ts). */
export function auditGuards(options: { publishing?: boolean } = {}): AstroIntegration {
  let root = process.cwd();
  let base = '/';
  let site: string | undefined;
  let audit: Audit | undefined;
  let building = false;
  let drawings: Drawings | undefined;
  let prose: Promise<void> | undefined;
  return {
    name: 'audit-guards',
    hooks: {
      'astro:config:setup': async ({ command, config, logger, updateConfig }) => {
        if (command !== 'build' && command !== 'dev') return; // `astro check` and `astro sync` render nothing
        building = command === 'build';
        drawings = startEarly(building);
        // Loaded here, not with the config: admit.ts, and most of the admission code with it, loads while what start-early.ts started gets going on the other core.
        audit = await orStop(logger, async () => (await import('./admit.ts')).admitForBuild(logger, config.base));
        updateConfig({ vite: { plugins: [verifyBundle] } });
        // Vite's buildApp hooks run once every bundle is built and before Astro renders a page (Astro's own runs last): the prose must have passed by then.
        if (building)
          updateConfig({
            vite: {
              plugins: [
                noDevPrebundle,
                {
                  name: 'audit-guards:prose-before-pages',
                  buildApp: { order: 'post', handler: async () => void (await prose) },
                },
              ],
            },
          });
      },
      'astro:config:done': ({ config, logger }) => {
        root = fileURLToPath(config.root);
        // Before Astro empties its outDir: a plain `astro build --outDir x` is checked here too (src/site/out-dir.ts).
        if (building) stopNow(logger, () => checkOutDir(root, fileURLToPath(config.outDir), 'outDir'));
        base = config.base;
        site = config.site;
      },
      'astro:build:start': ({ logger }) => {
        // Checked while Vite bundles; a refusal stops the build there and then, before any page renders.
        prose = orStop(logger, async () => (await import('./check-prose.ts')).checkProse(root, audit!, logger));
        // Reported where the rendering waits for it; until then not an unhandled rejection.
        prose.catch(() => {});
        // The images start drawing as their routes make them: a head start only (src/passes/rasterise.ts).
        takeImageOffers(drawings);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        // The output is marked as a build's, so the next build may empty it.
        markBuilt(dist);
        takeImageOffers(undefined);
        const { checkBuilt } = await import('./check-built-site.ts');
        await orStop(
          logger,
          () =>
            checkBuilt(
              { dist, base, site, publishing: options.publishing ?? false, revision: audit?.revision.short, drawings },
              logger,
            ),
          dist,
        );
      },
    },
  };
}
