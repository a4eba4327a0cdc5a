/**
 * The post-build passes, run together: each page is read once, given its census
 * figures, its print references and then its script hashes (last, so they hash the
 * scripts as published), and written once if any of them changed it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { builtPages } from '../site/built-pages.ts';
import { hashInlineScripts } from './csp-hashes.ts';
import { censusOf, fillCensus } from './figure-census.ts';
import { addPrintReferences } from './print-references.ts';
import { figuresOf } from './verify-census.ts';
import type { CensusFigure } from '../verify/census.ts';

export interface Rewritten {
  /** Census placeholders filled, over the site. */
  readonly censusFilled: number;
  /** Pages given a list of references. */
  readonly printReferences: number;
  /** Pages whose policy gained script hashes. */
  readonly scriptsHashed: number;
  /** Every figure on every page, as published, for /verify/. */
  readonly figures: CensusFigure[];
}

export function rewritePages(dist: string): Rewritten {
  const pages = builtPages(dist).map((p) => ({ ...p, html: readFileSync(p.path, 'utf8') }));
  const census = censusOf(pages.map((p) => p.html));
  let censusFilled = 0;
  let printReferences = 0;
  let scriptsHashed = 0;
  const figures: CensusFigure[] = [];
  for (const page of pages) {
    const filled = fillCensus(page.html, census);
    censusFilled += filled.filled;
    const referenced = addPrintReferences(filled.html);
    if (referenced !== filled.html) printReferences++;
    const hashed = hashInlineScripts(referenced, page.rel);
    if (hashed !== referenced) scriptsHashed++;
    if (hashed !== page.html) writeFileSync(page.path, hashed);
    figures.push(...figuresOf(hashed, page.rel));
  }
  return { censusFilled, printReferences, scriptsHashed, figures };
}
