/**
 * P5 and P6 from the taxonomy alone: every substring of the labels put through our
 * reimplementation of the scorer's normaliser, under the pinned order and under the
 * shuffled order the artifact records.
 */
import { toPointer } from '../admission/pointer.ts';
import { labelsInside, normalizeCategory, squash } from './scorer/normalize.ts';
import { analyseTaxonomy } from './taxonomy.ts';
import type { Comparison, Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

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

    out.push({ file: F, pointer: '/labels', reported: n.labels, ours: pinned.length });
    out.push({
      file: 'results/datacheck.json',
      pointer: '/vocabulary/labels',
      reported: a.datacheck.vocabulary.labels,
      ours: pinned.length,
    });
    out.push({
      file: F,
      pointer: '/substrings_enumerated',
      reported: n.substrings_enumerated,
      ours: substrings.length,
    });
    out.push({
      file: F,
      pointer: '/shortest_label_squashed',
      reported: n.shortest_label_squashed,
      ours: Math.min(...pinned.map((l) => squash(l).length)),
    });
    out.push({
      file: F,
      pointer: '/labels_reached',
      reported: n.labels_reached,
      ours: new Set([...reaches.values()].filter((v) => pinned.includes(v))).size,
    });
    out.push({
      file: F,
      pointer: '/shuffle/taxonomy',
      reported: [...shuffled].sort(byCodePoint),
      ours: [...pinned].sort(byCodePoint),
    });
    out.push({
      file: 'results/catf1.json',
      pointer: '/rows/0/per_category',
      reported: Object.keys(a.catf1.rows[0]?.per_category ?? {}),
      ours: pinned,
    });

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
      out.push({ file: F, pointer: at('reaching'), reported: r.reaching, ours: reaching.length });
      out.push({ file: F, pointer: at('length'), reported: r.length, ours: length });
      out.push({
        file: F,
        pointer: at('strings'),
        reported: r.strings,
        ours: reaching.filter((s) => s.length === length).sort(byCodePoint),
      });
    }

    for (const probe of Object.keys(n.quoted_in_the_spec)) {
      out.push({
        file: F,
        pointer: toPointer(['quoted_in_the_spec', probe]),
        reported: n.quoted_in_the_spec[probe],
        ours: normalizeCategory(probe, pinned).value,
      });
    }
    out.push({
      file: F,
      pointer: '/whitespace_only',
      reported: n.whitespace_only,
      ours: normalizeCategory(' ', pinned).value,
    });

    const ambiguous = substrings
      .map((s) => ({ string: s, labels: containing.get(s)! }))
      .filter((x) => x.labels > 1)
      .sort((x, y) => y.labels - x.labels || byCodePoint(x.string, y.string))
      .map((x) => ({ ...x, pinned: reaches.get(x.string)!, shuffled: normalizeCategory(x.string, shuffled).value }));
    out.push({ file: F, pointer: '/order_dependent/count', reported: n.order_dependent.count, ours: ambiguous.length });
    out.push({ file: F, pointer: '/order_dependent/strings', reported: n.order_dependent.strings, ours: ambiguous });
    out.push({
      file: F,
      pointer: '/order_dependent/moved_under_the_shuffle',
      reported: n.order_dependent.moved_under_the_shuffle,
      ours: ambiguous.filter((x) => x.pinned !== x.shuffled).length,
    });

    n.gold_drift.forEach((d, i) => {
      const r = normalizeCategory(d.spelling, pinned);
      out.push({ file: F, pointer: toPointer(['gold_drift', i, 'lands']), reported: d.lands, ours: r.value });
      out.push({ file: F, pointer: toPointer(['gold_drift', i, 'loop']), reported: d.loop, ours: r.loop });
      out.push({
        file: F,
        pointer: toPointer(['gold_drift', i, 'labels_inside_it']),
        reported: d.labels_inside_it,
        ours: labelsInside(d.spelling, pinned),
      });
      out.push({
        file: F,
        pointer: toPointer(['gold_drift', i, 'spelling']),
        reported: 'not a taxonomy label',
        ours: pinned.includes(d.spelling) ? 'a taxonomy label' : 'not a taxonomy label',
      });
    });
    const dropped = n.gold_drift.filter((d) => d.loop === 'neither');
    const v = a.datacheck.vocabulary;
    out.push({
      file: 'results/datacheck.json',
      pointer: '/vocabulary/off_taxonomy',
      reported: v.off_taxonomy,
      ours: n.gold_drift.length,
    });
    out.push({
      file: 'results/datacheck.json',
      pointer: '/vocabulary/errors_off_taxonomy',
      reported: v.errors_off_taxonomy,
      ours: n.gold_drift.reduce((s, d) => s + d.errors, 0),
    });
    out.push({
      file: 'results/datacheck.json',
      pointer: '/vocabulary/dropped_spellings',
      reported: v.dropped_spellings,
      ours: dropped.length,
    });
    out.push({
      file: 'results/datacheck.json',
      pointer: '/vocabulary/dropped_errors',
      reported: v.dropped_errors,
      ours: dropped.reduce((s, d) => s + d.errors, 0),
    });
    return out;
  },
};
