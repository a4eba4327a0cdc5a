/** P5 and P6 from the taxonomy alone: every substring through our normaliser, in pinned and shuffled order. */
import { toPointer } from '../admission/pointer.ts';
import { labelsInside, normalizeCategory, squash } from './scorer/normalize.ts';
import { analyseTaxonomy } from './taxonomy.ts';
import { compare, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const DC = 'results/datacheck.json' as const;

const F = 'results/normaliser.json' as const;
// Python sorts strings by code point; so do these comparisons.
const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

export const normaliserRederivation: Rederivation = {
  name: 'normaliser',
  title: say('rederive/normaliser.title'),
  explanation: say('rederive/normaliser.explanation'),
  source: 'src/rederive/normaliser.ts',
  properties: ['P4', 'P5', 'P6'],
  run: (a) => {
    const n = a.normaliser;
    const out: Comparison[] = [];
    const { taxonomy: pinned, substrings, reaches, containing } = analyseTaxonomy(a);
    const shuffled = n.shuffle.taxonomy;

    out.push(compare(F, '/labels', n.labels, pinned.length));
    out.push(compare(DC, '/vocabulary/labels', a.datacheck.vocabulary.labels, pinned.length));
    out.push(compare(F, '/substrings_enumerated', n.substrings_enumerated, substrings.length));
    out.push(
      compare(
        F,
        '/shortest_label_squashed',
        n.shortest_label_squashed,
        Math.min(...pinned.map((l) => squash(l).length)),
      ),
    );
    out.push(
      compare(
        F,
        '/labels_reached',
        n.labels_reached,
        new Set([...reaches.values()].filter((v) => pinned.includes(v))).size,
      ),
    );
    out.push(compare(F, '/shuffle/taxonomy', [...shuffled].sort(byCodePoint), [...pinned].sort(byCodePoint)));
    out.push(
      compare('results/catf1.json', '/rows/0/per_category', Object.keys(a.catf1.rows[0]?.per_category ?? {}), pinned),
    );

    // The substrings reaching each label, grouped in one pass (in enumeration order, as a filter per label would give).
    const reachingOf = new Map<string, string[]>();
    for (const s of substrings) {
      const label = reaches.get(s)!;
      const list = reachingOf.get(label);
      if (list) list.push(s);
      else reachingOf.set(label, [s]);
    }
    for (const label of pinned) {
      const reaching = reachingOf.get(label) ?? [];
      const length = reaching.length === 0 ? 0 : Math.min(...reaching.map((s) => s.length));
      const at = (k: string) => toPointer(['shortest_reaching', label, k]);
      const r = n.shortest_reaching[label]!;
      out.push(compare(F, at('reaching'), r.reaching, reaching.length));
      out.push(compare(F, at('length'), r.length, length));
      out.push(compare(F, at('strings'), r.strings, reaching.filter((s) => s.length === length).sort(byCodePoint)));
    }

    for (const probe of Object.keys(n.quoted_in_the_spec)) {
      out.push(
        compare(
          F,
          toPointer(['quoted_in_the_spec', probe]),
          n.quoted_in_the_spec[probe],
          normalizeCategory(probe, pinned).value,
        ),
      );
    }
    out.push(compare(F, '/whitespace_only', n.whitespace_only, normalizeCategory(' ', pinned).value));

    const ambiguous = substrings
      .map((s) => ({ string: s, labels: containing.get(s)! }))
      .filter((x) => x.labels > 1)
      .sort((x, y) => y.labels - x.labels || byCodePoint(x.string, y.string))
      .map((x) => ({ ...x, pinned: reaches.get(x.string)!, shuffled: normalizeCategory(x.string, shuffled).value }));
    out.push(compare(F, '/order_dependent/count', n.order_dependent.count, ambiguous.length));
    out.push(compare(F, '/order_dependent/strings', n.order_dependent.strings, ambiguous));
    out.push(
      compare(
        F,
        '/order_dependent/moved_under_the_shuffle',
        n.order_dependent.moved_under_the_shuffle,
        ambiguous.filter((x) => x.pinned !== x.shuffled).length,
      ),
    );

    n.gold_drift.forEach((d, i) => {
      const r = normalizeCategory(d.spelling, pinned);
      out.push(compare(F, toPointer(['gold_drift', i, 'lands']), d.lands, r.value));
      out.push(compare(F, toPointer(['gold_drift', i, 'loop']), d.loop, r.loop));
      out.push(
        compare(
          F,
          toPointer(['gold_drift', i, 'labels_inside_it']),
          d.labels_inside_it,
          labelsInside(d.spelling, pinned),
        ),
      );
      out.push(
        compare(
          F,
          toPointer(['gold_drift', i, 'spelling']),
          'not a taxonomy label',
          pinned.includes(d.spelling) ? 'a taxonomy label' : 'not a taxonomy label',
        ),
      );
    });
    const dropped = n.gold_drift.filter((d) => d.loop === 'neither');
    const v = a.datacheck.vocabulary;
    out.push(compare(DC, '/vocabulary/off_taxonomy', v.off_taxonomy, n.gold_drift.length));
    out.push(
      compare(
        DC,
        '/vocabulary/errors_off_taxonomy',
        v.errors_off_taxonomy,
        n.gold_drift.reduce((s, d) => s + d.errors, 0),
      ),
    );
    out.push(compare(DC, '/vocabulary/dropped_spellings', v.dropped_spellings, dropped.length));
    out.push(
      compare(
        DC,
        '/vocabulary/dropped_errors',
        v.dropped_errors,
        dropped.reduce((s, d) => s + d.errors, 0),
      ),
    );
    return out;
  },
};
