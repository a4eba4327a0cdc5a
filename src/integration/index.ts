/**
 * The build as an Astro integration: the one path for `npm run build` (`astro build`),
 * `astro dev` and the tests' builds. When Astro starts, the audit is admitted (admit.ts);
 * before Vite bundles the pages, the prose is checked (check-prose.ts); once the site is
 * written, it is rewritten by the passes and judged by the guards (check-built-site.ts).
 * Any refusal stops the build (refusal.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import type { Audit } from '../audit/assemble.ts';
import { checkOutDir, markBuilt } from '../site/out-dir.ts';
import { admitForBuild } from './admit.ts';
import { checkBuilt } from './check-built-site.ts';
import { checkProse } from './check-prose.ts';
import { noDevPrebundle } from './no-dev-prebundle.ts';
import { orStop } from './refusal.ts';

/** `publishing`: a build meant for publishing (src/site/settings.ts). */
export function auditGuards(options: { publishing?: boolean } = {}): AstroIntegration {
  let root = process.cwd();
  let base = '/';
  let site: string | undefined;
  let audit: Audit | undefined;
  let building = false;
  return {
    name: 'audit-guards',
    hooks: {
      'astro:config:setup': async ({ command, config, logger, updateConfig }) => {
        if (command !== 'build' && command !== 'dev') return; // `astro check` and `astro sync` render nothing
        building = command === 'build';
        audit = await orStop(logger, () => admitForBuild(logger, config.base));
        if (building) updateConfig({ vite: { plugins: [noDevPrebundle] } });
      },
      'astro:config:done': async ({ config, logger }) => {
        root = fileURLToPath(config.root);
        base = config.base;
        site = config.site;
        // Before Astro empties its outDir (src/site/out-dir.ts).
        if (building) await orStop(logger, () => checkOutDir(root, fileURLToPath(config.outDir), 'outDir'));
      },
      'astro:build:start': async ({ logger }) => {
        await orStop(logger, () => checkProse(root, audit!, logger));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        // The output is marked as a build's, so the next build may empty it.
        markBuilt(dist);
        const built = {
          dist,
          base,
          site,
          publishing: options.publishing ?? false,
          revision: audit!.revision.short,
          lock: audit!.lock,
        };
        await orStop(logger, () => checkBuilt(built, logger), dist);
      },
    },
  };
}
