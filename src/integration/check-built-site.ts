/**
 * After Astro has written the site: the passes rewrite dist/ first, so the guards judge the bytes published;
 * images are drawn once the figure check has read their SVG, the search index before the link check looks for it.
 */
import { checkBuiltSite } from '../guards/built-html.ts';
import { pageReader } from '../guards/html.ts';
import { checkLinks } from '../guards/links.ts';
import { checkOutputSizes } from '../guards/output-size.ts';
import { checkOwnScripts } from '../guards/own-scripts.ts';
import { checkPublishedText } from '../guards/published-text.ts';
import { rasteriseImages } from '../passes/rasterise.ts';
import { rewritePages } from '../passes/rewrite-pages.ts';
import { writeSearchIndex } from '../passes/search-index.ts';
import { writeVerifyCensus } from '../passes/verify-census.ts';
import type { Lock } from '../admission/schemas.ts';
import { fail, type Logger } from './refusal.ts';

interface BuiltSite {
  readonly dist: string;
  readonly base: string;
  readonly site: string | undefined;
  readonly publishing: boolean;
  /** Links into its permanent copy (r/<revision>/) are read as the live build's. */
  readonly revision: string | undefined;
  readonly lock: Lock;
}

export async function checkBuilt(
  { dist, base, site, publishing, revision, lock }: BuiltSite,
  logger: Logger,
): Promise<void> {
  // Sizes first, before any pass reads a page: an unbounded page stops here.
  fail('The built site publishes a page or download above its size limit', checkOutputSizes(dist));
  const rewritten = rewritePages(dist);
  writeVerifyCensus(dist, { lock, figures: rewritten.figures });
  logger.info(`figure census: ${rewritten.censusFilled} placeholders filled`);
  logger.info(`print references: external links numbered on ${rewritten.printReferences} page(s)`);
  logger.info(`content security policy: inline scripts hashed on ${rewritten.scriptsHashed} page(s)`);
  const read = pageReader();
  fail('The built site fails the figure check', checkBuiltSite(dist, read, base));
  logger.info('figure check: every number on every page comes from a figure element; every finding is placed');
  fail('The built site ships what is not its own', checkOwnScripts(dist, base, read));
  logger.info('own scripts: no script, meta refresh or event handler but those the site writes');
  const images = rasteriseImages(dist);
  logger.info(
    `images: ${images.cards} share cards and ${images.charts} chart images drawn as PNG, the charts' SVG outlined`,
  );
  const indexed = await writeSearchIndex(dist);
  logger.info(
    `search index: written by Pagefind from the ${indexed} pages it read (a page without data-pagefind-body is read and left out)`,
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
