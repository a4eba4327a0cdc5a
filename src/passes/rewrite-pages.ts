/** The post-build passes, one read and one write per page; the script hashes last, so they hash what is published. */
import { readFileSync, writeFileSync } from 'node:fs';
import { builtPages } from '../site/built-pages.ts';
import { hashInlineScripts } from './csp-hashes.ts';
import { censusOf, fillCensus } from './figure-census.ts';
import { addPrintReferences } from './print-references.ts';
import { figuresOf } from './verify-census.ts';
import type { CensusFigure } from '../verify/census.ts';

/** How many census placeholders were filled, pages given references and pages given hashes; every figure, for /verify/. */
export function rewritePages(dist: string) {
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
