/** The data attributes a figure, an artifact string or an identifier carries; the guards and census read them back. */
import type { Audit } from '../audit/assemble.ts';
import {
  provenanceAttributes,
  rederivedBy as lookupRederived,
  type Figure,
  type Source,
  type Words,
} from './provenance.ts';
import { visibleText } from './untrusted.ts';

type Attributes = Record<string, string | undefined>;

/** The re-derivation that recomputed a figure's artifact leaf, if any. */
export function figureRederivedBy(audit: Audit, figure: Figure): string | undefined {
  const s = figure.source;
  return s.type === 'artifact' ? lookupRederived(audit, s.file, s.pointer) : undefined;
}

/** A number's attributes. The formatted value is the element's text; the unformatted one is at the pointer. */
export function figureAttributes(figure: Figure, rederivedBy: string | undefined): Attributes {
  return { 'data-fig': figure.kind, ...provenanceAttributes(figure.source), 'data-rederived': rederivedBy };
}

export function wordsAttributes(words: Words): Attributes {
  return { 'data-fig': 'words', ...provenanceAttributes(words.source), 'data-key': words.isKey ? 'true' : undefined };
}

export function identAttributes(value: string, source: Source, isKey: boolean): Attributes {
  return {
    'data-fig': 'id',
    'data-value': visibleText(value),
    ...provenanceAttributes(source),
    'data-key': isKey ? 'true' : undefined,
  };
}
