/** Tables from the adversarial run. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { elevenPercent } from '../measures/eleven-percent.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { firstSplit, splitNames } from '../measures/splits.ts';
import { as, keyWords, leaf } from '../provenance/provenance.ts';
import { EMPTY, figCell, identCell, keyCell, wordsCell } from './cells.ts';
import { slug, type Cell, type TableSpec } from './spec.ts';

const F = 'results/adversarial.json' as const;

export function headlineTable(a: Audit, split: string): TableSpec {
  const s = a.adversarial.splits[split];
  if (!s) throw new Error(`no split ${split} in ${F}`);
  const base = ['splits', split] as const;
  return {
    id: `table-headline-${slug(split)}`,
    caption: "Predictors scored by TRAIL's own scorer, with Table 1's best row and the ceiling",
    table: {
      columns: [
        { label: 'predictor' },
        { label: 'reads' },
        { label: 'joint', numeric: true },
        { label: 'location', numeric: true },
        { label: 'errors emitted', numeric: true },
        { label: 'per gold error', numeric: true },
      ],
      rows: [
        ...Object.keys(s.predictors).map((name) => {
          const at = [...base, 'predictors', name];
          return [
            keyCell(F, [...base, 'predictors'], name),
            wordsCell(a, F, [...at, 'reads']),
            figCell(a, F, [...at, 'joint_accuracy'], 'score'),
            figCell(a, F, [...at, 'location_accuracy'], 'score'),
            figCell(a, F, [...at, 'predicted_errors'], 'count'),
            figCell(a, F, [...at, 'volume_ratio'], 'ratio'),
          ];
        }),
        [
          { label: 'best published, Table 1' },
          EMPTY,
          figCell(a, F, [...base, 'best_published', 'joint_accuracy', 'value'], 'score'),
          figCell(a, F, [...base, 'best_published', 'location_accuracy', 'value'], 'score'),
          EMPTY,
          EMPTY,
        ],
        [
          { label: 'the most any predictor can reach' },
          EMPTY,
          figCell(a, F, [...base, 'reachable_ceiling'], 'score'),
          figCell(a, F, [...base, 'reachable_ceiling'], 'score'),
          EMPTY,
          EMPTY,
        ],
      ],
    },
  };
}

export function teaserTable(a: Audit): TableSpec {
  const base = ['splits', firstSplit(a)] as const;
  const at = [...base, 'predictors', HEADLINE_PREDICTOR];
  return {
    id: 'table-teaser',
    caption: 'A predictor that sees only span identifiers, against the best published model',
    table: {
      columns: [
        { label: 'row' },
        { label: 'joint', numeric: true },
        { label: 'location', numeric: true },
        { label: 'errors emitted', numeric: true },
        { label: 'per gold error', numeric: true },
      ],
      rows: [
        [
          keyCell(F, [...base, 'predictors'], HEADLINE_PREDICTOR),
          figCell(a, F, [...at, 'joint_accuracy'], 'score'),
          figCell(a, F, [...at, 'location_accuracy'], 'score'),
          figCell(a, F, [...at, 'predicted_errors'], 'count'),
          figCell(a, F, [...at, 'volume_ratio'], 'ratio'),
        ],
        [
          { label: 'best published, Table 1' },
          figCell(a, F, [...base, 'best_published', 'joint_accuracy', 'value'], 'score'),
          figCell(a, F, [...base, 'best_published', 'location_accuracy', 'value'], 'score'),
          EMPTY,
          EMPTY,
        ],
        [
          { label: 'the most any predictor can reach' },
          figCell(a, F, [...base, 'reachable_ceiling'], 'score'),
          figCell(a, F, [...base, 'reachable_ceiling'], 'score'),
          EMPTY,
          EMPTY,
        ],
      ],
    },
  };
}

export function elevenPercentTable(a: Audit): TableSpec {
  const e = elevenPercent(a);
  return {
    id: 'table-eleven-percent',
    caption: "Table 1's best joint accuracy per split, and the means that might give the abstract's figure",
    table: {
      columns: [{ label: 'what' }, { label: 'as a score', numeric: true }, { label: 'as a percentage', numeric: true }],
      rows: [
        [{ label: "the abstract's combined figure" }, EMPTY, { fig: e.combined }],
        ...e.best.map((b) => [keyCell(F, ['splits'], b.split), { fig: b.value }, { fig: as(b.value, 'percent') }]),
        [{ label: 'plain mean of the splits' }, EMPTY, { fig: e.plainMean }],
        [{ label: 'plain mean, rounded' }, EMPTY, { fig: e.plainMeanRounded }],
        [{ label: 'mean weighted by gold files scored' }, EMPTY, { fig: e.byFiles }],
        [{ label: 'mean weighted by gold errors' }, EMPTY, { fig: e.byErrors }],
      ],
    },
  };
}

export function ceilingTable(a: Audit): TableSpec {
  return {
    id: 'table-ceiling',
    caption: 'The reachable ceiling: the share of scored traces whose gold carries an error',
    table: {
      columns: [
        { label: 'split' },
        { label: 'traces with a gold error', numeric: true },
        { label: 'traces scored', numeric: true },
        { label: 'ceiling', numeric: true },
      ],
      rows: splitNames(a).map((s) => [
        keyCell(F, ['splits'], s),
        figCell(a, F, ['splits', s, 'traces_with_gold_errors'], 'count'),
        figCell(a, F, ['splits', s, 'gold_files_scored'], 'count'),
        figCell(a, F, ['splits', s, 'reachable_ceiling'], 'score'),
      ]),
    },
  };
}

export function absentLocationsTable(a: Audit): TableSpec {
  const rows: Cell[][] = [];
  for (const split of splitNames(a)) {
    for (const [trace, strings] of Object.entries(a.adversarial.splits[split]!.locations_off_the_index)) {
      strings.forEach((_, i) => {
        rows.push([
          keyCell(F, ['splits'], split),
          {
            ident: trace,
            source: {
              type: 'artifact',
              file: F,
              pointer: toPointer(['splits', split, 'locations_off_the_index', trace]),
            },
            isKey: true,
          },
          wordsCell(a, F, ['splits', split, 'locations_off_the_index', trace, i], 'quote'),
        ]);
      });
    }
  }
  return {
    id: 'table-absent-locations',
    caption: 'Gold locations that are not a span of the trace they annotate',
    table: { columns: [{ label: 'split' }, { label: 'trace' }, { label: 'the location the gold gives' }], rows },
  };
}

export function walkedPastTable(a: Audit): TableSpec {
  const rows: Cell[][] = splitNames(a).flatMap((split) =>
    a.adversarial.splits[split]!.walked_past.map((_, i) => [
      keyCell(F, ['splits'], split),
      identCell(a, F, ['splits', split, 'walked_past', i, 'trace']),
      wordsCell(a, F, ['splits', split, 'walked_past', i, 'why'], 'quote'),
    ]),
  );
  return {
    id: 'table-walked-past',
    caption: 'Traces the adversarial run could not score',
    table: { columns: [{ label: 'split' }, { label: 'trace' }, { label: 'why the run walked past it' }], rows },
  };
}

export function precisionTable(a: Audit): TableSpec {
  const splits = splitNames(a);
  const first = firstSplit(a);
  return {
    id: 'table-precision',
    caption:
      "Precision for the two headline metrics, which TRAIL's scorer does not compute: the same matches divided by what the predictor reported (its pairs for joint, its distinct locations for location)",
    table: {
      columns: [
        { label: 'predictor' },
        ...splits.flatMap((s) => [
          { label: keyWords(F, toPointer(['splits', s])), suffix: 'joint', numeric: true },
          { label: keyWords(F, toPointer(['splits', s])), suffix: 'location', numeric: true },
        ]),
      ],
      rows: Object.keys(a.adversarial.splits[first]!.predictors).map((name) => [
        keyCell(F, ['splits', first, 'predictors'], name),
        ...splits.flatMap((s) => [
          { fig: leaf(a, F, toPointer(['splits', s, 'predictors', name, 'joint_precision']), 'score') },
          { fig: leaf(a, F, toPointer(['splits', s, 'predictors', name, 'location_precision']), 'score') },
        ]),
      ]),
    },
  };
}
