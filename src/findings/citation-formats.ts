/**
 * The citation items in the formats reference managers import: BibTeX and RIS written by
 * citation-js (a maintained library, rather than our own escaping), and CSL-JSON as is.
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { CslItem } from './citation.ts';

export interface CitationFormats {
  readonly bibtex: string;
  readonly ris: string;
  readonly csl: string;
}

/** Each format's download: its file extension and media type. */
export const CITATION_FILES = {
  bibtex: { ext: 'bib', type: 'application/x-bibtex; charset=utf-8' },
  ris: { ext: 'ris', type: 'application/x-research-info-systems; charset=utf-8' },
  csl: { ext: 'csl.json', type: 'application/vnd.citationstyles.csl+json; charset=utf-8' },
} as const;

/**
 * citation-js breaks RIS values every 70 characters, which cuts a commit or a digest in two for
 * a reader that keeps the breaks; a value on one line is valid RIS, so each goes back on its line.
 */
const unwrapRis = (ris: string) => ris.replace(/\n(?![A-Z][A-Z0-9] {2}-( |$)|$)/gm, '');

/** RIS dates are YYYY/MM/DD/; citation-js leaves a one-digit month or day unpadded. */
const padRisDate = (ris: string) =>
  ris.replace(
    /^DA {2}- (\d{4})\/(\d*)\/(\d*)\//gm,
    (_, y, m, d) => `DA  - ${y}/${m.padStart(2, '0')}/${d.padStart(2, '0')}/`,
  );

/** BibTeX's month holds a month, not a day (citation-js writes "dec 7"): the full date stays in the note. */
const monthOnly = (item: CslItem): CslItem =>
  item.issued ? { ...item, issued: { 'date-parts': item.issued['date-parts'].map((p) => p.slice(0, 2)) } } : item;

export function citationFormats(items: readonly CslItem[]): CitationFormats {
  // citation-js keeps a copy, so the frozen items are never written to.
  const cite = new Cite(structuredClone(items as CslItem[]));
  return {
    bibtex: `${String(new Cite(structuredClone(items.map(monthOnly))).format('bibtex')).trim()}\n`,
    // Only line breaks are trimmed: the last record's end tag is `ER  - `, its space included.
    ris: `${padRisDate(unwrapRis(String(cite.format('ris')))).replace(/^\n+|\n+$/g, '')}\n`,
    csl: `${JSON.stringify(items, null, 2)}\n`,
  };
}
