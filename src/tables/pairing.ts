/** Tables from the pairing demonstration (P8). */
import type { Audit } from '../audit/assemble.ts';
import { figCell, labelCell, wordsCell } from './cells.ts';
import { cols, num, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

const F = 'results/pairing.json' as const;

export function constructedTraceTable(a: Audit): TableSpec {
  return {
    id: 'table-constructed-trace',
    caption: say('tables/pairing.constructedTraceTable.caption'),
    table: {
      columns: cols('location', 'category'),
      rows: a.pairing.constructed_trace.errors.map((e, i) => [
        wordsCell(a, F, ['constructed_trace', 'errors', i, 'location']),
        e.category === null
          ? labelCell('null', F, ['constructed_trace', 'errors', i, 'category'])
          : wordsCell(a, F, ['constructed_trace', 'errors', i, 'category']),
      ]),
    },
  };
}

export function nullRunsTable(a: Audit): TableSpec {
  return {
    id: 'table-null-category',
    caption: say('tables/pairing.nullRunsTable.caption'),
    table: {
      columns: cols(
        'run',
        say('tables/pairing.gold-null'),
        say('tables/pairing.prediction-null'),
        num('joint'),
        num('location'),
      ),
      rows: a.pairing.runs.map((r, i) => [
        wordsCell(a, F, ['runs', i, 'label'], 'quote'),
        labelCell(r.gold_has_null ? 'yes' : 'no', F, ['runs', i, 'gold_has_null']),
        labelCell(r.prediction_has_null ? 'yes' : 'no', F, ['runs', i, 'prediction_has_null']),
        figCell(a, F, ['runs', i, 'joint_accuracy'], 'score'),
        figCell(a, F, ['runs', i, 'location_accuracy'], 'score'),
      ]),
    },
  };
}

export function realGoldTable(a: Audit): TableSpec {
  return {
    id: 'table-null-category-real',
    caption: say('tables/pairing.realGoldTable.caption'),
    table: {
      columns: cols(say('tables/pairing.on-real-gold'), num('count')),
      rows: [
        [{ label: 'gold errors' }, figCell(a, F, ['on_the_real_gold', 'gold_errors'], 'count')],
        [{ label: say('tables/pairing.label') }, figCell(a, F, ['on_the_real_gold', 'falsy_categories'], 'count')],
        [
          { label: say('tables/pairing.would-mispair') },
          figCell(a, F, ['on_the_real_gold', 'traces_that_would_mispair'], 'count'),
        ],
        [
          { label: say('tables/pairing.label-2') },
          figCell(a, F, ['on_the_real_gold', 'traces_that_would_lose_a_pair'], 'count'),
        ],
      ],
    },
  };
}
