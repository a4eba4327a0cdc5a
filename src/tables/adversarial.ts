/** Tables from the adversarial run. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { elevenPercent } from '../measures/eleven-percent.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { firstSplit, splitNames } from '../measures/splits.ts';
import { as, keyWords, leaf } from '../provenance/provenance.ts';
import { EMPTY, figCell, identCell, keyCell, wordsCell } from './cells.ts';
import { cols, num, slug, type Cell, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

const F = 'results/adversarial.json' as const;

/** Predictors' rows on one split (with what each reads, or not), then the best published row and the ceiling. */
function scoreRows(a: Audit, split: string, names: readonly string[], reads: boolean): Cell[][] {
  const base = ['splits', split] as const;
  const pad = reads ? [EMPTY] : [];
  const score = (...path: string[]) => figCell(a, F, [...base, ...path], 'score');
  return [
    ...names.map((name) => {
      const at = [...base, 'predictors', name];
      return [
        keyCell(F, [...base, 'predictors'], name),
        ...(reads ? [wordsCell(a, F, [...at, 'reads'])] : []),
        figCell(a, F, [...at, 'joint_accuracy'], 'score'),
        figCell(a, F, [...at, 'location_accuracy'], 'score'),
        figCell(a, F, [...at, 'predicted_errors'], 'count'),
        figCell(a, F, [...at, 'volume_ratio'], 'ratio'),
      ];
    }),
    [
      { label: 'best published, Table 1' },
      ...pad,
      score('best_published', 'joint_accuracy', 'value'),
      score('best_published', 'location_accuracy', 'value'),
      EMPTY,
      EMPTY,
    ],
    [
      { label: say('tables/adversarial.label') },
      ...pad,
      score('reachable_ceiling'),
      score('reachable_ceiling'),
      EMPTY,
      EMPTY,
    ],
  ];
}

export function headlineTable(a: Audit, split: string): TableSpec {
  const s = a.adversarial.splits[split];
  if (!s) throw new Error(`no split ${split} in ${F}`);
  return {
    id: `table-headline-${slug(split)}`,
    caption: say('tables/adversarial.headlineTable.caption'),
    table: {
      columns: cols('predictor', 'reads', num('joint'), num('location'), num('errors emitted'), num('per gold error')),
      rows: scoreRows(a, split, Object.keys(s.predictors), true),
    },
  };
}

export function teaserTable(a: Audit): TableSpec {
  return {
    id: 'table-teaser',
    caption: say('tables/adversarial.teaserTable.caption'),
    table: {
      columns: cols('row', num('joint'), num('location'), num('errors emitted'), num('per gold error')),
      rows: scoreRows(a, firstSplit(a), [HEADLINE_PREDICTOR], false),
    },
  };
}

export function elevenPercentTable(a: Audit): TableSpec {
  const e = elevenPercent(a);
  return {
    id: 'table-eleven-percent',
    caption: say('tables/adversarial.elevenPercentTable.caption'),
    table: {
      columns: cols('what', num('as a score'), num('as a percentage')),
      rows: [
        [{ label: say('tables/adversarial.combined') }, EMPTY, { fig: e.combined }],
        ...e.best.map((b) => [keyCell(F, ['splits'], b.split), { fig: b.value }, { fig: as(b.value, 'percent') }]),
        [{ label: say('tables/adversarial.label-2') }, EMPTY, { fig: e.plainMean }],
        [{ label: 'plain mean, rounded' }, EMPTY, { fig: e.plainMeanRounded }],
        [{ label: say('tables/adversarial.label-3') }, EMPTY, { fig: e.byFiles }],
        [{ label: say('tables/adversarial.label-4') }, EMPTY, { fig: e.byErrors }],
      ],
    },
  };
}

export function ceilingTable(a: Audit): TableSpec {
  return {
    id: 'table-ceiling',
    caption: say('tables/adversarial.ceilingTable.caption'),
    table: {
      columns: cols('split', num(say('tables/adversarial.label-5')), num('traces scored'), num('ceiling')),
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
    caption: say('tables/adversarial.absentLocationsTable.caption'),
    table: { columns: cols('split', 'trace', say('tables/adversarial.label-6')), rows },
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
    caption: say('tables/adversarial.walkedPastTable.caption'),
    table: { columns: cols('split', 'trace', say('tables/adversarial.label-7')), rows },
  };
}

export function precisionTable(a: Audit): TableSpec {
  const splits = splitNames(a);
  const first = firstSplit(a);
  return {
    id: 'table-precision',
    caption: say('tables/adversarial.precisionTable.caption'),
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
