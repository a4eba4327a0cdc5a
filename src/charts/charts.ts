/** The five charts: each a caption, a text alternative from the same formatted values, the SVG, and its tables. */
import * as Plot from '@observablehq/plot';
import type { Audit } from '../audit/assemble.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { splitNames } from '../measures/splits.ts';
import { table5 } from '../measures/table5.ts';
import { toPointer } from '../admission/pointer.ts';
import { formatFigure } from '../provenance/format.ts';
import { visibleText } from '../provenance/untrusted.ts';
import { headlineTable, precisionTable } from '../tables/adversarial.ts';
import { perCategoryBlockTables } from '../tables/catf1.ts';
import { table5Table } from '../tables/datacheck.ts';
import { shortestReachingTable } from '../tables/normaliser.ts';
import { slug, type TableSpec } from '../tables/spec.ts';
import { renderBoth, SERIES, type Drawings } from './render.ts';
import { say } from '../core/strings.ts';

export interface ChartSpec {
  readonly id: string;
  readonly caption: string;
  /** The text alternative: what the chart shows, with its values. */
  readonly alt: string;
  readonly svg: Drawings;
  /** What the drawing does not show, said beside it. */
  readonly leavesOut: string;
  /** The tables holding every value drawn. */
  readonly data: readonly TableSpec[];
  /** Drawn in HTML beside the chart (Plot's own legends are HTML with inline styles). */
  readonly legend: readonly LegendEntry[];
}

export interface LegendEntry {
  readonly label: string;
  readonly series: 0 | 1 | 'ink';
  readonly shape: 'circle' | 'square' | 'plus' | 'bar' | 'dashed' | 'dotted';
  /** Drawn as an outline, as the plot draws it. */
  readonly hollow?: boolean;
}

const score = (v: number) => formatFigure(v, 'score');
/** A mark's provenance as its SVG <title> (shown on hover): the value as drawn, then its file and JSON Pointer. */
const source = (what: string, file: string, path: readonly (string | number)[]) =>
  `${visibleText(what)}: ${file}#${toPointer(path)}`;
/** A halo in the page's background colour behind text drawn over lines (the stylesheet maps white to the theme's). */
const HALO = { fill: 'currentColor', stroke: 'white', strokeWidth: 4, paintOrder: 'stroke' } as const;
/** An x axis labelled below its middle, with a grid. */
const xAxis = (label: string, labelOffset: number, more: Plot.ScaleOptions = {}): Plot.ScaleOptions => ({
  label,
  labelAnchor: 'center',
  labelOffset,
  grid: true,
  ...more,
});
/** Each point's name, drawn over a halo. */
const names = <T extends { name: string }>(data: readonly T[], options: Plot.TextOptions) =>
  Plot.text(data, { ...HALO, x: 'ratio', y: 'joint', text: (d: T) => visibleText(d.name), ...options });

export function volumeChart(a: Audit, split: string): ChartSpec {
  const s = a.adversarial.splits[split]!;
  const rows = Object.entries(s.predictors).map(([name, r]) => ({
    name,
    ratio: r.volume_ratio,
    joint: r.joint_accuracy,
    reads: r.reads,
  }));
  const drawn = rows.filter((r) => r.ratio > 0);
  const undrawn = rows.filter((r) => r.ratio === 0);
  // Said on the chart itself: a predictor that emits nothing has no place on a logarithmic axis.
  const notDrawn = undrawn.map((r) => say('charts/charts.notDrawn', r.name, score(r.joint)));
  const id = `chart-volume-${slug(split)}`;
  return {
    id,
    caption: say('charts/charts.volumeChart.caption', split),
    alt:
      say('charts/charts.alt', split) +
      drawn
        .map((r) => `${r.name} (reads ${r.reads}): ${formatFigure(r.ratio, 'ratio')}, joint ${score(r.joint)}`)
        .join('; ') +
      say('charts/charts.alt-2', score(s.best_published.joint_accuracy.value), score(s.reachable_ceiling)) +
      undrawn.map((r) => say('charts/charts.alt-3', r.name)).join(' '),
    svg: renderBoth(
      (l) => ({
        width: l.width,
        height: l.narrow ? 340 : 320,
        marginTop: 28,
        marginRight: l.narrow ? 16 : 30,
        marginBottom: l.narrow ? 64 : 56,
        marginLeft: 44,
        x: xAxis(say('charts/charts.label'), 34, {
          type: 'log',
          ticks: l.narrow ? 3 : 5,
          domain: [0.8, Math.max(...drawn.map((d) => d.ratio)) * 1.3],
        }),
        y: { domain: [0, 1], label: 'joint accuracy', labelAnchor: 'top', grid: true, ticks: 5 },
        color: { domain: ['spans', 'gold'], range: [...SERIES] },
        symbol: { domain: ['spans', 'gold'], range: ['circle', 'plus'] },
        marks: [
          Plot.ruleY([s.best_published.joint_accuracy.value], { stroke: 'currentColor', strokeDasharray: '5 4' }),
          Plot.ruleY([s.reachable_ceiling], { stroke: 'currentColor', strokeDasharray: '1 3' }),
          Plot.dot(drawn, {
            x: 'ratio',
            y: 'joint',
            fill: 'reads',
            stroke: 'reads',
            strokeWidth: 2,
            r: 5,
            symbol: 'reads',
            title: (d: (typeof drawn)[number]) =>
              source(
                `${d.name}, joint ${score(d.joint)} at ${formatFigure(d.ratio, 'ratio')}`,
                'results/adversarial.json',
                ['splits', split, 'predictors', d.name],
              ),
          }),
          // Offsets are constants in Plot, so the labels come in groups: the headline predictor
          // at the top right is labelled leftwards below its dot, the others rightwards above.
          names(
            drawn.filter((d) => d.name === HEADLINE_PREDICTOR),
            { dx: -8, dy: 16, textAnchor: 'end' },
          ),
          names(
            drawn.filter((d) => d.name !== HEADLINE_PREDICTOR),
            { dx: 8, dy: -10, textAnchor: 'start', lineWidth: l.narrow ? 9 : 30 },
          ),
          Plot.text(notDrawn, {
            ...HALO,
            frameAnchor: 'right',
            y: () => 0.36,
            dx: -4,
            text: (d: string) => visibleText(d),
            lineWidth: l.narrow ? 22 : 40,
          }),
        ],
      }),
      id,
    ),
    leavesOut:
      (undrawn.length ? say('charts/charts.leavesOut', undrawn.map((r) => r.name).join(' and ')) : '') +
      say('charts/charts.leavesOut-2'),
    legend: [
      { label: say('charts/charts.reads-spans'), series: 0, shape: 'circle' },
      { label: 'reads the gold', series: 1, shape: 'plus' },
      { label: say('charts/charts.best-published'), series: 'ink', shape: 'dashed' },
      { label: 'reachable ceiling', series: 'ink', shape: 'dotted' },
    ],
    data: [headlineTable(a, split)],
  };
}

/**
 * Label positions for points crowded into one band: stacked in order, at least `gap` apart, within [lo, hi].
 * Ties are broken by `tie` (lower first), so the leftmost of two level points takes the lower label and the leaders do not cross.
 */
export function dodge(
  values: readonly number[],
  gap: number,
  lo: number,
  hi: number,
  tie: readonly number[] = values,
): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((p, q) => p[0] - q[0] || tie[p[1]]! - tie[q[1]]!);
  const placed = new Array<number>(values.length);
  let prev = -Infinity;
  for (const [v, i] of order) placed[i] = prev = Math.max(v, lo, prev + gap);
  let next = Infinity;
  for (const [, i] of [...order].reverse()) placed[i] = next = Math.min(placed[i]!, hi, next - gap);
  return placed;
}

export function recallPrecisionChart(a: Audit): ChartSpec {
  const splits = splitNames(a);
  const rows = splits.flatMap((split) =>
    Object.entries(a.adversarial.splits[split]!.predictors).map(([name, r]) => ({
      split,
      name,
      recall: r.joint_accuracy,
      precision: r.joint_precision,
    })),
  );
  // One label per predictor, at its point on the first split. Points in the crowded left band get
  // their labels in a column to the right, spread apart, each tied to its point by a leader line.
  const labelled = rows.filter((r) => r.split === splits[0]);
  const BAND = 0.2;
  const crowded = labelled.filter((r) => r.precision < BAND);
  const spread = dodge(
    crowded.map((r) => r.recall),
    0.09,
    0.03,
    0.97,
    crowded.map((r) => r.precision),
  );
  const leaders = crowded.map((r, i) => ({ ...r, lx: BAND + 0.03, ly: spread[i]! }));
  const id = 'chart-recall-precision';
  return {
    id,
    caption: say('charts/charts.recallPrecisionChart.caption'),
    alt:
      say('charts/charts.recallPrecisionChart.alt') +
      rows
        .map((r) => `${r.name} on ${r.split}: recall ${score(r.recall)}, precision ${score(r.precision)}`)
        .join('; ') +
      '.',
    svg: renderBoth(
      (l) => ({
        width: l.width,
        height: l.narrow ? 400 : 380,
        marginTop: 30,
        marginRight: l.narrow ? 16 : 30,
        marginBottom: 52,
        marginLeft: 44,
        x: xAxis('joint precision', 34, { domain: [0, 1], ticks: l.narrow ? 5 : 10 }),
        y: {
          domain: [0, 1],
          label: 'joint accuracy (recall)',
          labelAnchor: 'top',
          grid: true,
          ticks: l.narrow ? 5 : 10,
        },
        color: { domain: splits, range: [...SERIES] },
        symbol: { domain: splits, range: ['circle', 'square'] },
        marks: [
          Plot.link(leaders, {
            x1: 'precision',
            y1: 'recall',
            x2: (d: (typeof leaders)[number]) => d.lx - 0.005,
            y2: 'ly',
            stroke: 'currentColor',
            strokeOpacity: 0.45,
          }),
          Plot.dot(rows, {
            x: 'precision',
            y: 'recall',
            stroke: 'split',
            symbol: 'split',
            r: 5,
            strokeWidth: 2,
            title: (d: (typeof rows)[number]) =>
              source(
                `${d.name} on ${d.split}, recall ${score(d.recall)}, precision ${score(d.precision)}`,
                'results/adversarial.json',
                ['splits', d.split, 'predictors', d.name],
              ),
          }),
          names(leaders, { x: 'lx', y: 'ly', textAnchor: 'start', dx: 2 }),
          names(
            labelled.filter((r) => r.precision >= BAND && r.precision < 0.8),
            { x: 'precision', y: 'recall', dx: 8, dy: -12, textAnchor: 'start' },
          ),
          names(
            labelled.filter((r) => r.precision >= 0.8),
            { x: 'precision', y: 'recall', dx: -4, dy: 18, textAnchor: 'end' },
          ),
        ],
      }),
      id,
    ),
    leavesOut: say('charts/charts.recallPrecisionChart.leavesOut', splits[0], splits.slice(1).join(' and ')),
    legend: splits.map(
      (s, i) => ({ label: s, series: i === 0 ? 0 : 1, shape: i === 0 ? 'circle' : 'square', hollow: true }) as const,
    ),
    data: [precisionTable(a), ...splits.map((s) => headlineTable(a, s))],
  };
}

export function table5Chart(a: Audit): ChartSpec {
  const t = table5(a);
  const count = (v: number) => formatFigure(v, 'count');
  const signed = (v: number) => (v > 0 ? '+' : v < 0 ? '\u2212' : '') + count(Math.abs(v));
  // What disagrees and by how much: one bar per cell, from the paper's count (zero) to the tree's.
  const cells = t.rows.flatMap((r) =>
    r.cells.map((c, i) => {
      const diff = c.here.value - c.paper.value;
      return {
        // A dagger marks the rows whose tree count covers only the gold files that parse.
        cell: `${r.label}${r.parsedOnly ? ' \u2020' : ''}, ${t.splits[i]!}`,
        row: r.label,
        split: t.splits[i]!,
        diff,
        side: diff === 0 ? 'agrees' : 'differs',
        label:
          diff === 0
            ? `agree: ${count(c.here.value)}`
            : `${signed(diff)}: ${count(c.paper.value)} \u2192 ${count(c.here.value)}`,
        from: c.here.source.type === 'artifact' ? `${c.here.source.file}#${c.here.source.pointer}` : '',
      };
    }),
  );
  // Symmetric log: a difference of one stays visibly apart from zero beside one in the thousands.
  const lo = -Math.max(10, 3 * Math.max(0, ...cells.map((c) => -c.diff)));
  const hi = Math.max(10, 1.3 * Math.max(0, ...cells.map((c) => c.diff)));
  const ticks = (narrow: boolean) =>
    [0, ...[1, 10, 100, 1000, 10000, 100000].flatMap((p) => [-p, p])].filter(
      (v) => v >= lo && v <= hi && (!narrow || Math.abs(v) !== 10),
    );
  const id = 'chart-table-5';
  return {
    id,
    caption: say('charts/charts.table5Chart.caption'),
    alt:
      say('charts/charts.table5Chart.alt') +
      t.rows
        .flatMap((r) =>
          r.cells.map(
            (c, i) =>
              `${r.label}, ${t.splits[i]}: paper ${formatFigure(c.paper.value, 'count')}, tree ${formatFigure(c.here.value, 'count')}${r.parsedOnly ? say('charts/charts.parsed-only') : ''}${c.disagree ? ', differs' : ''}`,
          ),
        )
        .join('; ') +
      '.',
    svg: renderBoth(
      (l) => ({
        width: l.width,
        // On a phone each bar's label stands above it: the band is tall enough, and the bar thin enough, that the two never meet.
        height: (l.narrow ? 52 : 30) * cells.length + 90,
        marginTop: 24,
        // Wide: names on the left and counts on the right take what they need, so the plot is wide enough that the ticks near zero do not collide.
        marginLeft: l.narrow ? 12 : 240,
        marginRight: l.narrow ? 12 : 150,
        marginBottom: 50,
        x: xAxis(say('charts/charts.label-2'), 36, {
          type: 'symlog',
          domain: [lo, hi],
          ticks: ticks(l.narrow),
          tickFormat: (v: number) => signed(v),
        }),
        y: {
          domain: cells.map((c) => c.cell),
          axis: l.narrow ? null : 'left',
          label: null,
          padding: l.narrow ? 0.6 : 0.3,
        },
        color: { domain: ['differs', 'agrees'], range: [SERIES[1], 'currentColor'] },
        marks: [
          Plot.ruleX([0], { stroke: 'currentColor' }),
          Plot.barX(cells, {
            x1: 0,
            x2: 'diff',
            y: 'cell',
            fill: 'side',
            insetTop: 0,
            insetBottom: 0,
            title: (c: (typeof cells)[number]) => `${visibleText(c.cell)}, ${c.label}: ${c.from}`,
          }),
          Plot.dot(
            cells.filter((c) => c.diff === 0),
            { x: 0, y: 'cell', r: 3, fill: 'currentColor' },
          ),
          l.narrow
            ? Plot.text(cells, {
                ...HALO,
                y: 'cell',
                frameAnchor: 'left',
                text: (c: (typeof cells)[number]) => visibleText(`${c.cell}: ${c.label}`),
                textAnchor: 'start',
                dy: -21,
              })
            : Plot.text(cells, {
                ...HALO,
                y: 'cell',
                frameAnchor: 'right',
                text: (c: (typeof cells)[number]) => visibleText(c.label),
                textAnchor: 'start',
                dx: 8,
              }),
        ],
      }),
      id,
    ),
    leavesOut: say(
      'charts/charts.table5Chart.leavesOut',
      new Intl.ListFormat('en', { type: 'conjunction' }).format(t.rows.filter((r) => r.parsedOnly).map((r) => r.label)),
    ),
    legend: [
      { label: say('charts/charts.label-3'), series: 1, shape: 'bar' },
      { label: 'the two agree', series: 'ink', shape: 'circle' },
    ],
    data: [table5Table(a)],
  };
}

export function reachChart(a: Audit): ChartSpec {
  const rows = Object.entries(a.normaliser.shortest_reaching).map(([label, r]) => ({
    label,
    squashed: label.replaceAll(' ', '').length,
    shortest: r.length,
  }));
  const id = 'chart-reach';
  return {
    id,
    caption: say('charts/charts.reachChart.caption'),
    alt:
      say('charts/charts.reachChart.alt') +
      rows.map((r) => `${r.label}: ${r.squashed} characters, reached by ${r.shortest}`).join('; ') +
      '.',
    svg: renderBoth(
      (l) => ({
        width: l.width,
        height: (l.narrow ? 40 : 24) * rows.length + 70,
        marginTop: l.narrow ? 30 : 20,
        marginLeft: l.narrow ? 12 : 240,
        marginRight: l.narrow ? 16 : 20,
        marginBottom: 50,
        x: xAxis('characters', 36, { domain: [0, Math.max(...rows.map((r) => r.squashed)) + 1] }),
        y: { label: null, domain: rows.map((r) => r.label), axis: l.narrow ? null : 'left', padding: 0 },
        color: { domain: ['label without spaces', say('charts/charts.shortest-reaching')], range: [...SERIES] },
        marks: [
          Plot.link(rows, {
            x1: 'shortest',
            x2: 'squashed',
            y1: 'label',
            y2: 'label',
            stroke: 'currentColor',
            strokeOpacity: 0.35,
            dy: l.narrow ? 6 : 0,
          } as Plot.LinkOptions),
          Plot.dot(rows, {
            x: 'squashed',
            y: 'label',
            fill: () => 'label without spaces',
            r: 4,
            dy: l.narrow ? 6 : 0,
          } as Plot.DotOptions),
          Plot.dot(rows, {
            x: 'shortest',
            y: 'label',
            fill: () => say('charts/charts.shortest-reaching'),
            symbol: 'square',
            r: 4,
            dy: l.narrow ? 6 : 0,
            title: (d: (typeof rows)[number]) =>
              source(
                `${d.label}, reached by ${d.shortest} ${d.shortest === 1 ? 'character' : 'characters'}`,
                'results/normaliser.json',
                ['shortest_reaching', d.label, 'length'],
              ),
          } as Plot.DotOptions),
          ...(l.narrow
            ? [
                Plot.text(rows, {
                  ...HALO,
                  y: 'label',
                  text: (r: { label: string }) => visibleText(r.label),
                  frameAnchor: 'left',
                  textAnchor: 'start',
                  dy: -10,
                }),
              ]
            : []),
        ],
      }),
      id,
    ),
    leavesOut: say('charts/charts.reachChart.leavesOut'),
    legend: [
      { label: say('charts/charts.label-spaces-removed'), series: 0, shape: 'circle' },
      { label: say('charts/charts.label-4'), series: 1, shape: 'square' },
    ],
    data: [shortestReachingTable(a)],
  };
}

export function perCategoryChart(a: Audit): ChartSpec[] {
  const [x, y] = a.catf1.differ_only_in_where;
  return perCategoryBlockTables(a).map((block) => {
    const rowX = a.catf1.rows.find((r) => r.split === block.split && r.predictor === x)!;
    const rowY = a.catf1.rows.find((r) => r.split === block.split && r.predictor === y)!;
    const [ix, iy] = [a.catf1.rows.indexOf(rowX), a.catf1.rows.indexOf(rowY)];
    const labels = Object.keys(rowX.per_category);
    const points = labels.flatMap((label) => [
      { label, predictor: x, f1: rowX.per_category[label]!.f1, row: ix },
      { label, predictor: y, f1: rowY.per_category[label]!.f1, row: iy },
    ]);
    const id = `chart-per-category-${slug(block.split)}`;
    return {
      id,
      caption: say('charts/charts.perCategoryChart.caption', block.split),
      alt:
        say('charts/charts.perCategoryChart.alt', block.split, x, y) +
        labels
          .map((label) => `${label}: ${score(rowX.per_category[label]!.f1)} and ${score(rowY.per_category[label]!.f1)}`)
          .join('; ') +
        '.',
      svg: renderBoth(
        (l) => ({
          width: l.width,
          height: (l.narrow ? 54 : 30) * labels.length + 60,
          marginTop: 10,
          marginLeft: l.narrow ? 12 : 240,
          marginRight: l.narrow ? 16 : 20,
          marginBottom: 50,
          x: xAxis('F-score', 36, { domain: [0, 1], ticks: l.narrow ? 5 : 10 }),
          y: { axis: null, domain: [x, y], insetTop: l.narrow ? 20 : 0 },
          fy: { label: null, domain: labels, axis: l.narrow ? null : 'left', padding: 0.15 },
          color: { domain: [x, y], range: [...SERIES] },
          marks: [
            Plot.barX(points, {
              x: 'f1',
              y: 'predictor',
              fy: 'label',
              fill: 'predictor',
              title: (d: (typeof points)[number]) =>
                source(`${d.predictor}, ${d.label}, F-score ${score(d.f1)}`, 'results/catf1.json', [
                  'rows',
                  d.row,
                  'per_category',
                  d.label,
                  'f1',
                ]),
            }),
            ...(l.narrow
              ? [
                  Plot.text(labels, {
                    ...HALO,
                    fy: (d: string) => d,
                    text: (d: string) => d,
                    frameAnchor: 'top-left',
                    lineAnchor: 'top',
                  }),
                ]
              : []),
          ],
        }),
        id,
      ),
      leavesOut: say('charts/charts.perCategoryChart.leavesOut'),
      legend: [
        { label: x, series: 0, shape: 'bar' },
        { label: y, series: 1, shape: 'bar' },
      ],
      data: [block],
    };
  });
}
