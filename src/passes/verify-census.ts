/** A post-build pass: the census of every figure on every page, written for /verify/ to check in the reader's browser. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { attr, elementsWhere, hasClass, isText, readHtml, textOf, type HtmlElement } from '../core/html-tree.ts';
import { CENSUS_PATH, type CensusFigure, type VerifyCensus } from '../verify/census.ts';
import { NUMERIC } from './figure-census.ts';

/** A figure's text: its value span, or (a table cell, a compact figure) its own text. */
function shownText(el: HtmlElement): string {
  const value = elementsWhere(el, (e) => hasClass(e, 'fig-v'))[0];
  if (value) return textOf(value).trim();
  return el.children
    .map((c) => (isText(c) ? c.data : ''))
    .join('')
    .trim();
}

/** Every numeric figure of one page (`rel` as builtPages names it), in document order. */
export function figuresOf(html: string, rel: string): CensusFigure[] {
  const page = rel.replace(/(^|\/)index\.html$/, '$1');
  return elementsWhere(readHtml(html), (e) => NUMERIC.has(attr(e, 'data-fig') ?? '')).map((el) => {
    const optional = (name: string) => attr(el, `data-${name}`);
    return {
      page,
      kind: attr(el, 'data-fig')!,
      source: optional('source') ?? '',
      file: optional('file'),
      pointer: optional('pointer'),
      derivation: optional('derivation'),
      citation: optional('citation'),
      rederived: optional('rederived'),
      shown: shownText(el),
    };
  });
}

export function writeVerifyCensus(dist: string, census: VerifyCensus): void {
  const path = join(dist, CENSUS_PATH);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(census));
}
