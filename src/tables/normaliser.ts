/** Tables from the normaliser: drift, containment, reach, probes, the shuffle. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { containment } from '../measures/label-reach.ts';
import { derived, ref } from '../provenance/provenance.ts';
import { figCell, keyCell, labelCell, wordsCell } from './cells.ts';
import { cols, num, type Cell, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

const F = 'results/normaliser.json' as const;
const LOOP: Record<string, string> = {
  exact: say('tables/normaliser.exact'),
  fallback: 'containment fallback',
  neither: 'neither: kept, lower-cased',
};

export function driftTable(a: Audit): TableSpec {
  return {
    id: 'table-drift',
    caption: say('tables/normaliser.driftTable.caption'),
    table: {
      columns: cols('gold spelling', num('errors'), 'caught by', 'lands on'),
      rows: a.normaliser.gold_drift.map((d, i) => [
        wordsCell(a, F, ['gold_drift', i, 'spelling'], 'quote'),
        figCell(a, F, ['gold_drift', i, 'errors'], 'integer'),
        labelCell(
          d.spelling.trimStart() === d.spelling ? LOOP[d.loop]! : say('tables/normaliser.label', LOOP[d.loop]!),
          F,
          ['gold_drift', i, 'loop'],
        ),
        wordsCell(a, F, ['gold_drift', i, 'lands'], d.loop === 'neither' ? 'quote' : 'name'),
      ]),
    },
  };
}

export function containmentTable(a: Audit): TableSpec {
  const c = containment(a);
  return {
    id: 'table-containment',
    caption: say('tables/normaliser.containmentTable.caption'),
    table: {
      columns: cols('gold spelling', 'what happens', 'label involved'),
      rows: [
        [
          wordsCell(a, F, ['gold_drift', c.rescued.index, 'spelling'], 'quote'),
          { label: say('tables/normaliser.label-2') },
          wordsCell(a, F, ['gold_drift', c.rescued.index, 'lands']),
        ],
        [
          wordsCell(a, F, ['gold_drift', c.dropped.index, 'spelling'], 'quote'),
          { label: say('tables/normaliser.label-3') },
          wordsCell(a, F, ['gold_drift', c.dropped.index, 'labels_inside_it', 0]),
        ],
      ],
    },
  };
}

export function shortestReachingTable(a: Audit): TableSpec {
  return {
    id: 'table-shortest-reaching',
    caption: say('tables/normaliser.shortestReachingTable.caption'),
    table: {
      columns: cols(
        'label',
        num('characters without spaces'),
        num(say('tables/normaliser.columns.label')),
        say('tables/normaliser.strings-of-length'),
        num('substrings reaching it'),
      ),
      rows: Object.entries(a.normaliser.shortest_reaching).map(([label, r]) => [
        keyCell(F, ['shortest_reaching'], label),
        {
          fig: derived('fallback/squashed-length', label.replaceAll(' ', '').length, 'integer', [
            ref(F, toPointer(['shortest_reaching', label])),
          ]),
        },
        figCell(a, F, ['shortest_reaching', label, 'length'], 'integer'),
        {
          words: {
            text: r.strings.map((s) => JSON.stringify(s)).join(' '),
            source: { type: 'artifact', file: F, pointer: toPointer(['shortest_reaching', label, 'strings']) },
          },
          as: 'name',
        },
        figCell(a, F, ['shortest_reaching', label, 'reaching'], 'count'),
      ]),
    },
  };
}

export function probesTable(a: Audit): TableSpec {
  const rows: Cell[][] = Object.keys(a.normaliser.quoted_in_the_spec).map((probe) => [
    keyCell(F, ['quoted_in_the_spec'], probe),
    wordsCell(a, F, ['quoted_in_the_spec', probe]),
  ]);
  rows.push([{ label: 'a single space' }, wordsCell(a, F, ['whitespace_only'])]);
  return {
    id: 'table-probes',
    caption: say('tables/normaliser.probesTable.caption'),
    table: { columns: cols('input', 'normalised to'), rows },
  };
}

export function shuffleScoresTable(a: Audit): TableSpec {
  return {
    id: 'table-shuffle-scores',
    caption: say('tables/normaliser.shuffleScoresTable.caption'),
    table: {
      columns: cols(
        'split',
        'predictor',
        num('joint, pinned'),
        num('joint, shuffled'),
        num('location, pinned'),
        num('location, shuffled'),
      ),
      rows: a.normaliser.shuffle.scores.map((_, i) => [
        wordsCell(a, F, ['shuffle', 'scores', i, 'split']),
        wordsCell(a, F, ['shuffle', 'scores', i, 'predictor']),
        figCell(a, F, ['shuffle', 'scores', i, 'joint_accuracy', 'pinned'], 'score'),
        figCell(a, F, ['shuffle', 'scores', i, 'joint_accuracy', 'shuffled'], 'score'),
        figCell(a, F, ['shuffle', 'scores', i, 'location_accuracy', 'pinned'], 'score'),
        figCell(a, F, ['shuffle', 'scores', i, 'location_accuracy', 'shuffled'], 'score'),
      ]),
    },
  };
}

export function orderDependentTable(a: Audit): TableSpec {
  return {
    id: 'table-order-dependent',
    caption: say('tables/normaliser.orderDependentTable.caption'),
    table: {
      columns: cols('substring', num('labels containing it'), 'label, pinned order', 'label, shuffled order'),
      rows: a.normaliser.order_dependent.strings.map((_, i) => [
        wordsCell(a, F, ['order_dependent', 'strings', i, 'string'], 'quote'),
        figCell(a, F, ['order_dependent', 'strings', i, 'labels'], 'integer'),
        wordsCell(a, F, ['order_dependent', 'strings', i, 'pinned']),
        wordsCell(a, F, ['order_dependent', 'strings', i, 'shuffled']),
      ]),
    },
  };
}
