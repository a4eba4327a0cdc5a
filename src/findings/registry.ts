/**
 * The findings the audit publishes, each described once here: the pages place findings from this list,
 * property pages and evidence packets gather theirs by property, the CSV routes and the census take every
 * table from it, and the build checks both ways that every finding is placed and every placed finding is here.
 */
import type { Audit } from '../audit/assemble.ts';
import type { PropertyName } from '../core/names.ts';
import { say } from '../core/strings.ts';
import { toPointer } from '../admission/pointer.ts';
import {
  perCategoryChart,
  reachChart,
  recallPrecisionChart,
  table5Chart,
  volumeChart,
  type ChartSpec,
} from '../charts/charts.ts';
import { abstractCounts, abstractErrorGap } from '../measures/abstract-counts.ts';
import { firstSplit, splitNames } from '../measures/splits.ts';
import { table5 as table5Of } from '../measures/table5.ts';
import { keyWords, leaf, words } from '../provenance/provenance.ts';
import {
  absentLocationsTable,
  ceilingTable,
  elevenPercentTable,
  headlineTable,
  precisionTable,
  teaserTable,
  walkedPastTable,
} from '../tables/adversarial.ts';
import { perCategoryBlockTables, perCategoryTable } from '../tables/catf1.ts';
import { changeTables } from '../tables/changes.ts';
import { table5Table, table5TotalsTable, unreadableTable } from '../tables/datacheck.ts';
import {
  containmentTable,
  driftTable,
  orderDependentTable,
  probesTable,
  shortestReachingTable,
  shuffleScoresTable,
} from '../tables/normaliser.ts';
import { constructedTraceTable, nullRunsTable, realGoldTable } from '../tables/pairing.ts';
import { artifactsTable, committedFilesTable, fileCountsTable } from '../tables/site.ts';
import type { TableSpec } from '../tables/spec.ts';
import { conditions } from './descriptors/conditions.ts';
import { tablesOf, type EvidenceItem, type FindingDescriptor } from './descriptors/descriptor.ts';

const ADV = 'results/adversarial.json' as const;
const NORM = 'results/normaliser.json' as const;

/** In the report's order. */
export const FINDINGS = [
  // The claim: carried by the report's prose, with the teaser table as its evidence.
  {
    id: 'claim',
    title: 'The claim',
    properties: ['P1'],
    evidence: () => [],
  },
  // The claim in one table: the headline predictor against the best published row and the ceiling, on the first split.
  {
    id: 'teaser',
    title: say('findings/descriptors/teaser.title'),
    properties: ['P1'],
    evidence: (a) => {
      const base = ['splits', firstSplit(a)] as const;
      return [
        {
          table: teaserTable(a),
          caption: [
            '(',
            { words: keyWords(ADV, toPointer(base)), as: 'name' },
            ', ',
            { fig: leaf(a, ADV, toPointer([...base, 'gold_files_scored']), 'integer') },
            ' gold files scored, ',
            { fig: leaf(a, ADV, toPointer([...base, 'gold_errors']), 'integer') },
            ' gold errors)',
          ],
        },
      ];
    },
  },
  conditions,
  // The counts of gold files, traces and errors the pages print, side by side, so each figure says which it is.
  {
    id: 'file-counts',
    title: say('findings/descriptors/file-counts.title'),
    properties: ['P3'],
    evidence: (a) => [{ table: fileCountsTable(a) }],
  },
  // The abstract's eleven percent against Table 1: the means that might give it.
  {
    id: 'eleven-percent',
    title: say('findings/descriptors/eleven-percent.title'),
    properties: ['P1'],
    evidence: (a) => [{ table: elevenPercentTable(a) }],
  },
  // Every predictor on every split, then the same as a chart per split.
  {
    id: 'headline',
    title: say('findings/descriptors/headline.title'),
    properties: ['P1', 'P2'],
    evidence: (a) => [
      ...splitNames(a).map((split): EvidenceItem => {
        const base = ['splits', split] as const;
        return {
          table: headlineTable(a, split),
          split: keyWords(ADV, toPointer(base)),
          caption: [
            'on ',
            { words: keyWords(ADV, toPointer(base)), as: 'name' },
            ': ',
            { fig: leaf(a, ADV, toPointer([...base, 'gold_files_scored']), 'integer') },
            ' of ',
            { fig: leaf(a, ADV, toPointer([...base, 'gold_files']), 'integer') },
            ' gold files scored, ',
            { fig: leaf(a, ADV, toPointer([...base, 'gold_errors']), 'integer') },
            say('findings/descriptors/headline.gold-errors'),
          ],
          note: [
            say('findings/descriptors/headline.note'),
            ...bestModels(a, base),
            { words: words(a, ADV, '/table_1') },
            '.',
          ],
        };
      }),
      ...splitNames(a).map((split): EvidenceItem => ({ chart: volumeChart(a, split) })),
    ],
  },
  // Why nothing reaches a perfect score: the reachable ceiling per split.
  {
    id: 'ceiling',
    title: say('findings/descriptors/ceiling.title'),
    properties: ['P1'],
    evidence: (a) => [{ table: ceilingTable(a), note: [say('findings/descriptors/ceiling.note')] }],
  },
  // Gold locations that are not spans of the trace they annotate.
  {
    id: 'absent-locations',
    title: say('findings/descriptors/absent-locations.title'),
    properties: ['P2'],
    evidence: (a) => [{ table: absentLocationsTable(a) }],
  },
  // What the metric does not divide by: precision, which TRAIL never reports, as a table and a chart.
  {
    id: 'precision',
    title: say('findings/descriptors/precision.title'),
    properties: ['P1'],
    evidence: (a) => [
      { table: precisionTable(a), note: [say('findings/descriptors/precision.note')] },
      { chart: recallPrecisionChart(a) },
    ],
  },
  // The gold files that do not parse, where the reader stops, and the traces the run walked past (when there are any).
  {
    id: 'unreadable-gold',
    title: say('findings/descriptors/unreadable-gold.title'),
    properties: ['P3'],
    evidence: (a) => {
      const walked = walkedPastTable(a);
      // Said only while it is so (the same test as the report's checked sentence): the words a reader searches for.
      const u = a.datacheck.unreadable;
      const comma = u.length === 1 && u[0]!.character === ',';
      const note = comma ? [say('findings/descriptors/unreadable-gold.note')] : undefined;
      return [
        { table: unreadableTable(a), ...(note ? { note } : {}) },
        ...(walked.table.rows.length > 0 ? [{ table: walked }] : []),
      ];
    },
  },
  // Gold spellings that are not taxonomy labels, and where the normaliser sends them.
  {
    id: 'drift',
    title: say('findings/descriptors/drift.title'),
    properties: ['P4'],
    evidence: (a) => [{ table: driftTable(a) }],
  },
  // Containment runs one way: one spelling rescued onto a longer label, one dropped.
  {
    id: 'containment',
    title: say('findings/descriptors/containment.title'),
    properties: ['P4', 'P6'],
    evidence: (a) => [{ table: containmentTable(a) }],
  },
  // How little it takes to reach a label: the shortest reaching strings, as a table and a chart, then the probes.
  {
    id: 'fallback',
    title: say('findings/descriptors/fallback.title'),
    properties: ['P6'],
    evidence: (a) => [{ table: shortestReachingTable(a) }, { chart: reachChart(a) }, { table: probesTable(a) }],
  },
  // P5's evidence: every rescored figure under the pinned and the shuffled taxonomy, and the order-dependent strings.
  {
    id: 'shuffle',
    title: say('findings/descriptors/shuffle.title'),
    properties: ['P5'],
    evidence: (a) => [
      { table: shuffleScoresTable(a), caption: ['(seed ', { fig: leaf(a, NORM, '/shuffle/seed', 'integer') }, ')'] },
      {
        details: {
          id: 'order-dependent-strings',
          summary: [
            'All ',
            { fig: leaf(a, NORM, '/order_dependent/count', 'count') },
            say('findings/descriptors/shuffle.summary'),
          ],
          items: [{ table: orderDependentTable(a) }],
          list: {
            intro: say('findings/descriptors/shuffle.intro'),
            items: a.normaliser.shuffle.taxonomy.map((text, i) => ({
              text,
              source: { type: 'artifact', file: NORM, pointer: toPointer(['shuffle', 'taxonomy', i]) },
            })),
          },
        },
      },
    ],
  },
  // Category F-score ignores where: the scores, a chart, and each identical block side by side.
  {
    id: 'per-category',
    title: say('findings/descriptors/per-category.title'),
    properties: ['P7'],
    evidence: (a) => [
      { table: perCategoryTable(a) },
      ...perCategoryChart(a).map((chart): EvidenceItem => ({ chart })),
      ...perCategoryBlockTables(a).map((b): EvidenceItem => ({
        details: {
          summary: [
            say('findings/descriptors/per-category.block'),
            {
              words: {
                text: b.split,
                source: { type: 'artifact', file: 'results/catf1.json', pointer: toPointer(['rows', b.row, 'split']) },
              },
              as: 'name',
            },
            ', column for column',
          ],
          items: [{ table: b }],
        },
      })),
    ],
  },
  // P8: the constructed trace, the three ways it is scored, and what the real gold holds.
  {
    id: 'null-category',
    title: say('findings/descriptors/null-category.title'),
    properties: ['P8'],
    evidence: (a) => [{ table: constructedTraceTable(a) }, { table: nullRunsTable(a) }, { table: realGoldTable(a) }],
  },
  // Table 5 of the paper against the tree at the pinned commit, the abstract's totals, and the disagreements drawn.
  {
    id: 'table-5',
    title: 'Table 5, paper against tree',
    properties: ['P9'],
    evidence: (a) => {
      const t = table5Of(a);
      const traces = abstractCounts(a).find((c) => c.what === 'traces')!;
      return [
        {
          table: table5Table(a),
          note: [
            { fig: t.disagreeing },
            ' of the ',
            { fig: t.compared },
            say('findings/descriptors/table-5.note'),
            {
              words: {
                text: a.datacheck.table_5,
                source: { type: 'artifact', file: 'results/datacheck.json', pointer: '/table_5' },
              },
            },
            say('findings/descriptors/table-5.note-2'),
          ],
        },
        {
          table: table5TotalsTable(a),
          note: [
            say('findings/descriptors/table-5.note-3'),
            { fig: abstractErrorGap(a) },
            say('findings/descriptors/table-5.note-4'),
            ...(traces.abstract.value === traces.tree.value
              ? [say('findings/descriptors/table-5.note-5'), { fig: traces.tree }, '.']
              : [
                  say('findings/descriptors/table-5.abstract-total'),
                  { fig: traces.abstract },
                  say('findings/descriptors/table-5.not-the-trees'),
                  { fig: traces.tree },
                  '.',
                ]),
          ],
        },
        { chart: table5Chart(a) },
      ];
    },
  },
  // What was measured: the pins, shown by the report's PinBlock; no table of its own.
  {
    id: 'pin',
    title: 'What was measured',
    properties: [],
    evidence: () => [],
  },
  // The committed files, counted.
  {
    id: 'committed-files',
    title: say('findings/descriptors/committed-files.title'),
    properties: [],
    evidence: (a) => [{ table: committedFilesTable(a) }],
  },
] as const satisfies readonly FindingDescriptor[];

export type FindingId = (typeof FINDINGS)[number]['id'];

/** The findings' ids, in the report's order. */
export const FINDING_IDS: readonly FindingId[] = FINDINGS.map((f) => f.id);

export function isFindingId(id: string): id is FindingId {
  return (FINDING_IDS as readonly string[]).includes(id);
}

export function finding(id: FindingId): FindingDescriptor {
  return FINDINGS.find((f) => f.id === id)!;
}

export function findingsOf(property: PropertyName): FindingId[] {
  return FINDINGS.filter((f) => (f.properties as readonly string[]).includes(property)).map((f) => f.id);
}

/** The findings a property's page shows under Evidence: its own, but the claim, whose table opens the report. */
export function pageFindingsOf(property: PropertyName): FindingId[] {
  return findingsOf(property).filter((id) => id !== 'claim');
}

// A finding's evidence is built once per audit: the report, its property pages, its
// evidence packet and the CSV routes all ask for it, and each chart in it is drawn
// with Plot at two widths, so it is drawn once, not once per ask.
const built = new WeakMap<Audit, Map<FindingId, readonly EvidenceItem[]>>();

/** A finding's tables and charts for this audit, built on first ask. */
export function evidenceOf(a: Audit, id: FindingId): readonly EvidenceItem[] {
  let byId = built.get(a);
  if (!byId) built.set(a, (byId = new Map()));
  let items = byId.get(id);
  if (!items) byId.set(id, (items = finding(id).evidence(a)));
  return items;
}

/** The tables that carry a finding's figures (the prose findings carry theirs inline). */
export function findingTables(a: Audit, id: FindingId): TableSpec[] {
  return tablesOf(evidenceOf(a, id));
}

/** Every chart the site shows, in the report's order: each is also published as an image (src/pages/data/[chart].svg.ts). */
export function allCharts(a: Audit): ChartSpec[] {
  return FINDING_IDS.flatMap((id) => evidenceOf(a, id).flatMap((item) => ('chart' in item ? [item.chart] : [])));
}

/** Every table the site shows: each finding's, the method page's list of artifacts, then the change records'. */
export function allTables(a: Audit): TableSpec[] {
  const tables = [...FINDING_IDS.flatMap((id) => tablesOf(evidenceOf(a, id))), artifactsTable(a), ...changeTables(a)];
  const ids = tables.map((t) => t.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`two tables share the id ${twice.join(', ')}`);
  return tables;
}

/** The best published model of each Table 1 column, named once when one model leads both. */
function bestModels(a: Audit, base: readonly string[]) {
  const model = (column: string) => toPointer([...base, 'best_published', column, 'model']);
  const joint = { words: words(a, ADV, model('joint_accuracy')), as: 'name' } as const;
  const location = { words: words(a, ADV, model('location_accuracy')), as: 'name' } as const;
  if (joint.words.text === location.words.text) return [joint, say('findings/descriptors/headline.note-both')];
  return [
    joint,
    say('findings/descriptors/headline.note-joint'),
    location,
    say('findings/descriptors/headline.note-2'),
  ];
}
