/**
 * After Astro has written the site: the passes rewrite dist/ first (census, print
 * references, script hashes), so the guards then judge the very bytes that are
 * published, each page parsed once for all of them; the search index is written by
 * Pagefind meanwhile, before the checks that read it.
 */
import { checkBuiltSite } from '../guards/built-html.ts';
import { pageReader } from '../guards/html.ts';
import { checkLinks } from '../guards/links.ts';
import { checkOutputSizes } from '../guards/output-size.ts';
import { checkOwnScripts } from '../guards/own-scripts.ts';
import { checkPublishedText } from '../guards/published-text.ts';
import { startRasterising, type Drawings } from '../passes/rasterise.ts';
import { rewritePages } from '../passes/rewrite-pages.ts';
import { writeVerifyCensus } from '../passes/verify-census.ts';
import { handedDown } from '../audit/handoff.ts';
import { startSearchIndex } from '../passes/search-index.ts';
import { fail, type Logger } from './refusal.ts';

export interface BuiltSite {
  readonly dist: string;
  readonly base: string;
  readonly site: string | undefined;
  readonly publishing: boolean;
  /** This audit revision's short name: links into its permanent copy (r/<revision>/) are read as the live build's. */
  readonly revision: string | undefined;
  /** The drawings the build started as the images' routes made them, if it did. */
  readonly drawings?: Drawings | undefined;
}

export async function checkBuilt(
  { dist, base, site, publishing, revision, drawings }: BuiltSite,
  logger: Logger,
): Promise<void> {
  // Sizes first, before any pass reads a page: an unbounded page stops here.
  fail('The built site publishes a page or download above its size limit', checkOutputSizes(dist));
  const rewritten = rewritePages(dist);
  writeVerifyCensus(dist, { lock: handedDown().lock, figures: rewritten.figures });
  // The images are drawn in processes of their own while this one checks the pages; written only once the checks below pass.
  const finishImages = startRasterising(dist, drawings);
  logger.info(`figure census: ${rewritten.censusFilled} placeholders filled`);
  logger.info(`print references: external links numbered on ${rewritten.printReferences} page(s)`);
  logger.info(`content security policy: inline scripts hashed on ${rewritten.scriptsHashed} page(s)`);
  const finishSearchIndex = await startSearchIndex(dist);
  const read = pageReader();
  fail('The built site fails the figure check', checkBuiltSite(dist, read, base));
  logger.info('figure check: every number on every page comes from a figure element; every finding is placed');
  fail('The built site ships what is not its own', checkOwnScripts(dist, base, read));
  logger.info('own scripts: no script, meta refresh or event handler but those the site writes');
  // Written once the figure check has read their SVG, before the link check looks for them.
  const images = await finishImages();
  logger.info(
    `images: ${images.cards} share cards and ${images.charts} chart images drawn as PNG, the charts' SVG outlined`,
  );
  logger.info(
    `search index: written by Pagefind from the ${await finishSearchIndex()} pages it read (a page without data-pagefind-body is read and left out)`,
  );
  const links = checkLinks(dist, base, site, read, revision);
  fail('The built site has broken links', links.problems);
  const hosts = [...links.external].map(([h, n]) => `${h} (${n})`).join(', ');
  logger.info(
    `link check: ${links.internal} internal links and anchors resolve; external links, not fetched: ${hosts}`,
  );
  fail('The built site writes what it must not', checkPublishedText(dist, publishing));
  logger.info(`published text: no raw control character${publishing ? ', no local address' : ''}`);
}
