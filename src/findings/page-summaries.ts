/**
 * What a page says in one breath, with its figures: the description a search engine and a
 * link preview show, and the body of the page's share card. One home for each: the pages
 * pass these to the layout, and the share cards (src/pages/share/) draw the same parts.
 */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { HEADLINE_PREDICTOR, PROPERTY_NAMES, type PropertyName } from '../core/names.ts';
import { splitNames } from '../measures/splits.ts';
import { formatFigure } from '../provenance/format.ts';
import { keyWords, leaf, words } from '../provenance/provenance.ts';
import { visibleText } from '../provenance/untrusted.ts';
import type { Rich } from './descriptors/descriptor.ts';
import { say } from '../core/strings.ts';

const ADVERSARIAL = 'results/adversarial.json' as const;

/**
 * The report: on each split, the headline predictor's joint accuracy against the best model's in Table 1;
 * on the first, its price (how many errors it reports for each one the gold holds); and that both metrics are recall.
 */
export function reportSummary(a: Audit): Rich {
  const parts: Rich[number][] = [say('findings/page-summaries.parts')];
  splitNames(a).forEach((split, i) => {
    const base = ['splits', split] as const;
    const at = (kind: 'score' | 'ratio', ...path: string[]) => ({
      fig: leaf(a, ADVERSARIAL, toPointer([...base, ...path]), kind),
    });
    const joint = at('score', 'predictors', HEADLINE_PREDICTOR, 'joint_accuracy');
    const best = at('score', 'best_published', 'joint_accuracy', 'value');
    const on = { words: keyWords(ADVERSARIAL, toPointer(base)), as: 'name' as const };
    if (i > 0) parts.push('; on ', on, ', ', joint, ' against ', best);
    else {
      const volume = at('ratio', 'predictors', HEADLINE_PREDICTOR, 'volume_ratio');
      parts.push(joint, ' joint accuracy on ', on, ' by reporting ', volume, say('findings/page-summaries.volume-of'));
      parts.push(say('findings/page-summaries.reportSummary'), best);
    }
  });
  parts.push(say('findings/page-summaries.reportSummary-2'));
  return parts;
}

/**
 * Where the audit's words, read alone in a preview, say more than the page: P3's one divisor is per split
 * (the scorer is called once a split), which the page's own tables show; P9's "this repository" is the audit's.
 */
const RECONCILED: Partial<Record<PropertyName, (a: Audit) => Rich>> = {
  P3: (a) => {
    const [first, second] = splitNames(a).map((split): Rich => [
      { fig: leaf(a, ADVERSARIAL, toPointer(['splits', split, 'gold_files_scored']), 'count') },
      ' on ',
      { words: keyWords(ADVERSARIAL, toPointer(['splits', split])), as: 'name' },
    ]);
    return [say('findings/page-summaries.p3-per-split'), ...first!, ' and ', ...second!, '.'];
  },
  P9: () => [say('findings/page-summaries.p9-this-repository')],
};

/** A property page: its verdict, then how far off it is, in the audit's words, and where needed what they count. */
export function propertySummary(a: Audit, name: PropertyName): Rich {
  const p = a.properties.find((q) => q.name === name)!;
  const at = (k: string) => toPointer(['properties', name, k]);
  return [
    `${name}: `,
    { words: words(a, p.file, at('verdict')) },
    say('findings/page-summaries.in-the-audits-words'),
    { words: words(a, p.file, at('magnitude')) },
    '”.',
    ...(RECONCILED[name]?.(a) ?? []),
  ];
}

/**
 * A summary as the plain text a meta description holds, and the same text as its parts,
 * each saying whether it is a figure or an artifact string: the layout writes the parts
 * beside the text (data-fig-parts) so the figure guard can tell a figure from a typed number.
 */
export function summaryText(parts: Rich): { text: string; parts: [text: string, marked: boolean][] } {
  const out: [string, boolean][] = parts.map((p) =>
    typeof p === 'string'
      ? [p, false]
      : 'fig' in p
        ? [formatFigure(p.fig.value, p.fig.kind), true]
        : [visibleText(p.words.text), true],
  );
  return { text: out.map(([t]) => t).join(''), parts: out };
}

/** The pages that have a share card, by the key in its address (share/<key>.png). */
export const SHARE_KEYS = [
  'report',
  'method',
  'changes',
  'search',
  'verify',
  'not-found',
  ...PROPERTY_NAMES.map((p) => p.toLowerCase()),
] as const;

/** A page's share-card key from its path under the base (the 404 page has none). */
export function shareKey(path: string | undefined): string {
  if (path === undefined) return 'not-found';
  if (path === '/' || path === '') return 'report';
  return path.replace(/^properties\//, '').replace(/\/$/, '');
}
