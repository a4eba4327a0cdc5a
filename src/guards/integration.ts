/**
 * The build's wiring as an Astro integration. When Astro starts a build or a dev
 * server it assembles the audit once (admission, then re-derivation) and hands it
 * down to the pages. The guards (checks, src/guards) look at the prose before the
 * build (with file:line:column) and at the built pages after it; the passes
 * (src/passes) then rewrite dist/ (census, search index, script hashes). Any
 * refusal stops the build.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsRoot, lockPath } from '../admission/paths.ts';
import { refusalMessage, summarise } from '../admission/report.ts';
import { assembleAudit, type Audit } from '../audit/assemble.ts';
import { handDown } from '../audit/handoff.ts';
import { startHighlighting } from '../components/findings/highlight-source.ts';
import { MDX_COMPONENT_NAMES } from '../components/mdx-component-names.ts';
import { ProblemError, type Problem } from '../core/problem.ts';
import { rewritePages } from '../passes/rewrite-pages.ts';
import { commitDrawings, drawingsKey, useDrawingsCache, type DrawingInputs } from '../charts/drawing-cache.ts';
import { startSearchIndex } from '../passes/search-index.ts';
import { checkBuiltSite } from './built-html.ts';
import { checkLinks } from './links.ts';
import { pageReader } from './html.ts';
import { startSiteRevision } from '../admission/site-revision.ts';
import { checkPublishedText } from './published-text.ts';
import { checkContentDir } from './mdx-source.ts';
import { proseVerdict, type ProseVerdict } from './prose-verdict.ts';

function fail(what: string, problems: readonly Problem[]): never {
  throw new ProblemError(problems, what);
}

/** A guard's refusal ends the build with its message alone: Astro would add a stack trace that says nothing more. */
function stopOnRefusal(logger: { error(message: string): void }, e: unknown, dist?: string): never {
  // A site that failed a guard is not publishable: leave no dist/ behind to upload.
  if (dist) rmSync(dist, { recursive: true, force: true });
  if (!(e instanceof ProblemError)) throw e;
  logger.error(e.message);
  process.exit(1);
}

export function checkContent(projectRoot: string, audit: Audit): Problem[] {
  return checkContentDir(join(projectRoot, 'content'), projectRoot, audit, MDX_COMPONENT_NAMES);
}

/** `publishing`: a build meant for publishing (src/site/settings.ts). `plot`: the Plot prebundle the build takes, or 'node_modules'. */
export function auditGuards(options: { publishing?: boolean; plot?: string } = {}): AstroIntegration {
  let root = process.cwd();
  let base = '/';
  let site: string | undefined;
  let audit: Audit | undefined;
  let revisionLabel: string | undefined;
  /** Only a build keeps its drawings and checks: the dev server's code changes while it runs. */
  let building = false;
  /** What the build's caches key: see src/charts/drawing-cache.ts and prose-verdict.ts. */
  let drawingInputs: DrawingInputs | undefined;
  /** The prose check's remembered pass (prose-verdict.ts), and whether this build ran the check and it passed. */
  let prose: ProseVerdict | undefined;
  let proseRan = false;
  const admitted = () => JSON.stringify({ lock: audit!.lock, history: audit!.history });
  return {
    name: 'audit-guards',
    hooks: {
      'astro:config:setup': async ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return; // `astro check` and `astro sync` render nothing
        building = command === 'build';
        // git answers in processes of its own while the artifacts are admitted here.
        const revision = startSiteRevision();
        try {
          audit = assembleAudit({ root: artifactsRoot(), lockPath: lockPath() });
          // Every page names the commit it is built from: refuse now if that cannot be known.
          const site = await revision();
          revisionLabel = site.label;
          logger.info(`site revision: ${site.label} of ${site.date} (from ${site.from})`);
        } catch (e) {
          const message = refusalMessage(e);
          if (message === undefined) throw e;
          // One message and its hint, then stop: Astro would add a stack trace and an unrelated hint.
          logger.error(message);
          process.exit(1);
        }
        handDown(audit);
        // Taken as soon as the audit is admitted, the code that will check the prose having just loaded.
        if (building) prose = proseVerdict(fileURLToPath(new URL('node_modules/.cache/prose-check/', config.root)), fileURLToPath(config.root), admitted());
        // The method page's highlighted sources, made in another thread while Vite bundles the pages.
        startHighlighting(process.cwd(), [...new Set(audit.rederivations.map((r) => r.source))]);
        logger.info(summarise(audit));
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        base = config.base;
        site = config.site;
        // The charts drawn by the last build with the same inputs are taken as they are (src/charts/drawing-cache.ts).
        if (building && revisionLabel !== undefined) {
          drawingInputs = { root, audit: admitted(), site: site ?? '', base, revision: revisionLabel, plot: options.plot ?? 'node_modules' };
          const key = drawingsKey(drawingInputs);
          if (key !== undefined) useDrawingsCache(join(root, 'node_modules/.cache/charts'), key);
        }
      },
      'astro:build:start': ({ logger }) => {
        try {
          if (prose?.passedBefore) {
            logger.info('prose: passed the figure check in an earlier build from the same prose, audit, code and packages');
          } else {
            const problems = checkContent(root, audit!);
            if (problems.length) fail('The prose in content/ fails the figure check', problems);
            proseRan = true;
            logger.info('prose: every figure in content/ comes through a figure component');
          }
        } catch (e) {
          stopOnRefusal(logger, e);
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        try {
          await afterBuild(dist, logger);
        } catch (e) {
          stopOnRefusal(logger, e, dist);
        }
      },
    },
  };

  async function afterBuild(dist: string, logger: { info(message: string): void }): Promise<void> {
    // The passes rewrite dist/ first, so the guards then judge the very bytes that
    // are published, each page parsed once for all of them.
    const rewritten = rewritePages(dist);
    logger.info(`figure census: ${rewritten.censusFilled} placeholders filled`);
    logger.info(`print references: external links numbered on ${rewritten.printReferences} page(s)`);
    logger.info(`content security policy: inline scripts hashed on ${rewritten.scriptsHashed} page(s)`);
    // Pagefind indexes the finished pages in its own process while this one runs the figure check on them.
    const finishSearchIndex = await startSearchIndex(dist);
    const read = pageReader();
    const problems = checkBuiltSite(dist, read);
    if (problems.length) fail('The built site fails the figure check', problems);
    logger.info('figure check: every number on every page comes from a figure element; every finding is placed');
    // The link and text checks below read pagefind/ too, so the index is written first.
    logger.info(`search index: written by Pagefind from the ${await finishSearchIndex()} pages it read (a page without data-pagefind-body is read and left out)`);
    const links = checkLinks(dist, base, site, read);
    if (links.problems.length) fail('The built site has broken links', links.problems);
    const hosts = [...links.external].map(([h, n]) => `${h} (${n})`).join(', ');
    logger.info(`link check: ${links.internal} internal links and anchors resolve; external links, not fetched: ${hosts}`);
    const text = checkPublishedText(dist, options.publishing ?? false);
    if (text.length) fail('The built site writes what it must not', text);
    logger.info(`published text: no raw control character${options.publishing ? ', no local address' : ''}`);
    // The build has passed: what it drew and checked is kept for the next, if its inputs did not change meanwhile.
    if (drawingInputs) commitDrawings(() => drawingsKey(drawingInputs!));
    if (proseRan) prose?.remember();
  }
}
