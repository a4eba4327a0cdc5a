/** The build as an Astro integration: admit, check the prose, then rewrite and judge the written site. */
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
        const { revision, lock } = audit!;
        const built = { dist, base, site, publishing: options.publishing ?? false, revision: revision.short, lock };
        await orStop(logger, () => checkBuilt(built, logger), dist);
      },
    },
  };
}
