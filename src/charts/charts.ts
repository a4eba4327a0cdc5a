/**
 * The five charts: each a caption, a text alternative generated from the same
 * formatted values, the SVG, and the tables that hold its figures.
 */
import * as Plot from '@observablehq/plot';
import type { Audit } from '../audit/assemble.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { splitNames } from '../derive/splits.ts';
import { table5 } from '../derive/table5.ts';
import { formatFigure } from '../figures/format.ts';
import { headlineTable, precisionTable } from '../findings/tables/adversarial.ts';
import { perCategoryBlockTables } from '../findings/tables/catf1.ts';
import { table5Table } from '../findings/tables/datacheck.ts';
import { shortestReachingTable } from '../findings/tables/normaliser.ts';
import { slug, type TableSpec } from '../findings/tables/spec.ts';
import { renderPlot, SERIES } from './render.ts';

export interface ChartSpec {
  readonly id: string;
  readonly caption: string;
  /** The text alternative: what the chart shows, with its values. */
  readonly alt: string;
  readonly svg: string;
  /** The tables holding every value drawn. */
  readonly data: readonly TableSpec[];
  /** Drawn in HTML beside the chart (Plot's own legends are HTML with inline styles). */
  readonly legend: readonly LegendEntry[];
}

export interface LegendEntry {
  readonly label: string;
  readonly series: 0 | 1 | 'ink';
  readonly shape: 'circle' | 'square' | 'plus' | 'bar' | 'dashed' | 'dotted';
}

const score = (v: number) => formatFigure(v, 'score');

export function volumeChart(a: Audit, split: string): ChartSpec {
  const s = a.adversarial.splits[split]!;
  const rows = Object.entries(s.predictors).map(([name, r]) => ({ name, ratio: r.volume_ratio, joint: r.joint_accuracy, reads: r.reads }));
  const drawn = rows.filter((r) => r.ratio > 0);
  const id = `chart-volume-${slug(split)}`;
  return {
    id,
    caption: `${split}: joint accuracy against errors emitted per gold error`,
    alt:
      `Scatter plot for ${split}, errors emitted per gold error on a logarithmic horizontal axis, joint accuracy on the vertical axis. ` +
      drawn.map((r) => `${r.name} (reads ${r.reads}): ${formatFigure(r.ratio, 'ratio')}, joint ${score(r.joint)}`).join('; ') +
      `. Reference lines: best published joint ${score(s.best_published.joint_accuracy.value)}, reachable ceiling ${score(s.reachable_ceiling)}. ` +
      rows.filter((r) => r.ratio === 0).map((r) => `${r.name} emits nothing and cannot sit on a logarithmic axis.`).join(' '),
    svg: renderPlot(
      {
        width: 640,
        height: 320,
        marginRight: 30,
        x: { type: 'log', label: 'errors emitted per gold error', grid: true, domain: [0.8, Math.max(...drawn.map((d) => d.ratio)) * 1.3] },
        y: { domain: [0, 1], label: 'joint accuracy', grid: true },
        color: { domain: ['spans', 'gold'], range: [...SERIES] },
        symbol: { domain: ['spans', 'gold'], range: ['circle', 'plus'] },
        marks: [
          Plot.ruleY([s.best_published.joint_accuracy.value], { stroke: 'currentColor', strokeDasharray: '5 4' }),
          Plot.ruleY([s.reachable_ceiling], { stroke: 'currentColor', strokeDasharray: '1 3' }),
          Plot.dot(drawn, { x: 'ratio', y: 'joint', fill: 'reads', stroke: 'reads', strokeWidth: 2, r: 5, symbol: 'reads' }),
          // Offsets are constants in Plot, so the labels come in groups: the headline predictor
          // at the top right is labelled leftwards below its dot, the others rightwards above.
          Plot.text(drawn.filter((d) => d.name === HEADLINE_PREDICTOR), { x: 'ratio', y: 'joint', text: 'name', dx: -8, dy: 14, textAnchor: 'end' }),
          Plot.text(drawn.filter((d) => d.name !== HEADLINE_PREDICTOR), { x: 'ratio', y: 'joint', text: 'name', dx: 8, dy: -9, textAnchor: 'start' }),
        ],
      },
      id,
    ),
    legend: [
      { label: 'reads only span identifiers', series: 0, shape: 'circle' },
      { label: 'reads the gold', series: 1, shape: 'plus' },
      { label: 'best published joint accuracy', series: 'ink', shape: 'dashed' },
      { label: 'reachable ceiling', series: 'ink', shape: 'dotted' },
    ],
    data: [headlineTable(a, split)],
  };
}

export function recallPrecisionChart(a: Audit): ChartSpec {
  const rows = splitNames(a).flatMap((split) =>
    Object.entries(a.adversarial.splits[split]!.predictors).map(([name, r]) => ({ split, name, recall: r.joint_accuracy, precision: r.joint_precision })),
  );
  const id = 'chart-recall-precision';
  return {
    id,
    caption: 'Joint recall (what TRAIL reports) against joint precision (what it does not), per predictor',
    alt:
      'Scatter plot, joint precision on the horizontal axis, joint accuracy (a recall) on the vertical axis, one point per predictor and split. ' +
      rows.map((r) => `${r.name} on ${r.split}: recall ${score(r.recall)}, precision ${score(r.precision)}`).join('; ') + '.',
    svg: renderPlot(
      {
        width: 640,
        height: 360,
        marginRight: 30,
        x: { domain: [0, 1], label: 'joint precision', grid: true },
        y: { domain: [0, 1], label: 'joint accuracy (recall)', grid: true },
        color: { domain: splitNames(a), range: [...SERIES] },
        symbol: { domain: splitNames(a), range: ['circle', 'square'] },
        marks: [
          Plot.dot(rows, { x: 'precision', y: 'recall', stroke: 'split', symbol: 'split', r: 5, strokeWidth: 2 }),
          // Two predictors share the top left corner: one labelled above, one below.
          Plot.text(rows.filter((r) => r.split === splitNames(a)[0] && r.name === HEADLINE_PREDICTOR), { x: 'precision', y: 'recall', text: 'name', dx: 8, dy: 16, textAnchor: 'start' }),
          Plot.text(rows.filter((r) => r.split === splitNames(a)[0] && r.name !== HEADLINE_PREDICTOR && r.name !== 'gold-exact'), { x: 'precision', y: 'recall', text: 'name', dx: 8, dy: -10, textAnchor: 'start' }),
          Plot.text(rows.filter((r) => r.split === splitNames(a)[0] && r.name === 'gold-exact'), { x: 'precision', y: 'recall', text: 'name', dx: -8, dy: 16, textAnchor: 'end' }),
        ],
      },
      id,
    ),
    legend: splitNames(a).map((s, i) => ({ label: s, series: i === 0 ? 0 : 1, shape: i === 0 ? 'circle' : 'square' }) as const),
    data: [precisionTable(a), ...splitNames(a).map((s) => headlineTable(a, s))],
  };
}

export function table5Chart(a: Audit): ChartSpec {
  const t = table5(a);
  const points = t.rows.flatMap((r) =>
    r.cells.flatMap((c, i) => [
      { row: r.label, split: t.splits[i]!, side: 'paper', value: c.paper.value },
      { row: r.label, split: t.splits[i]!, side: 'tree', value: c.here.value },
    ]),
  );
  const id = 'chart-table-5';
  return {
    id,
    caption: 'Table 5, paper against tree, per count and split',
    alt:
      'Dot plot on a logarithmic axis, one row per count and split, a dot for the paper and one for the repository. ' +
      t.rows
        .flatMap((r) => r.cells.map((c, i) => `${r.label}, ${t.splits[i]}: paper ${formatFigure(c.paper.value, 'count')}, tree ${formatFigure(c.here.value, 'count')}${c.disagree ? ', differs' : ''}`))
        .join('; ') + '.',
    svg: renderPlot(
      {
        width: 640,
        height: 420,
        marginLeft: 140,
        marginRight: 80,
        x: { type: 'log', label: 'count', grid: true },
        y: { label: null, domain: t.rows.map((r) => r.label) },
        fy: { label: null },
        color: { domain: ['paper', 'tree'], range: [...SERIES] },
        symbol: { domain: ['paper', 'tree'], range: ['circle', 'plus'] },
        marks: [
          Plot.ruleY(t.rows.map((r) => r.label), { stroke: 'currentColor', strokeOpacity: 0.15 }),
          Plot.dot(points, { x: 'value', y: 'row', fy: 'split', fill: 'side', stroke: 'side', strokeWidth: 2, symbol: 'side', r: 5 }),
        ],
      },
      id,
    ),
    legend: [
      { label: 'the paper', series: 0, shape: 'circle' },
      { label: 'the repository', series: 1, shape: 'plus' },
    ],
    data: [table5Table(a)],
  };
}

export function reachChart(a: Audit): ChartSpec {
  const rows = Object.entries(a.normaliser.shortest_reaching).map(([label, r]) => ({ label, squashed: label.replaceAll(' ', '').length, shortest: r.length }));
  const id = 'chart-reach';
  return {
    id,
    caption: "Each label's length against the shortest string that reaches it",
    alt:
      'Dot plot, one row per taxonomy label, characters on the horizontal axis: the label without spaces, and the shortest string the fallback sends to it. ' +
      rows.map((r) => `${r.label}: ${r.squashed} characters, reached by ${r.shortest}`).join('; ') + '.',
    svg: renderPlot(
      {
        width: 640,
        height: 520,
        marginLeft: 210,
        x: { domain: [0, Math.max(...rows.map((r) => r.squashed)) + 1], label: 'characters', grid: true },
        y: { label: null, domain: rows.map((r) => r.label) },
        color: { domain: ['label without spaces', 'shortest string reaching it'], range: [...SERIES] },
        marks: [
          Plot.link(rows, { x1: 'shortest', x2: 'squashed', y1: 'label', y2: 'label', stroke: 'currentColor', strokeOpacity: 0.35 }),
          Plot.dot(rows, { x: 'squashed', y: 'label', fill: () => 'label without spaces', r: 4 } as Plot.DotOptions),
          Plot.dot(rows, { x: 'shortest', y: 'label', fill: () => 'shortest string reaching it', symbol: 'square', r: 4 } as Plot.DotOptions),
        ],
      },
      id,
    ),
    legend: [
      { label: 'the label, spaces removed', series: 0, shape: 'circle' },
      { label: 'the shortest string that reaches it', series: 1, shape: 'square' },
    ],
    data: [shortestReachingTable(a)],
  };
}

export function perCategoryChart(a: Audit): ChartSpec[] {
  const [x, y] = a.catf1.differ_only_in_where;
  return perCategoryBlockTables(a).map((block) => {
    const rowX = a.catf1.rows.find((r) => r.split === block.split && r.predictor === x)!;
    const rowY = a.catf1.rows.find((r) => r.split === block.split && r.predictor === y)!;
    const points = Object.keys(rowX.per_category).flatMap((label) => [
      { label, predictor: x, f1: rowX.per_category[label]!.f1 },
      { label, predictor: y, f1: rowY.per_category[label]!.f1 },
    ]);
    const id = `chart-per-category-${slug(block.split)}`;
    return {
      id,
      caption: `${block.split}: per-category F-score of the two predictors that differ only in where they put labels`,
      alt:
        `Grouped bars for ${block.split}, one group per category, one bar for ${x} and one for ${y}. ` +
        Object.keys(rowX.per_category).map((label) => `${label}: ${score(rowX.per_category[label]!.f1)} and ${score(rowY.per_category[label]!.f1)}`).join('; ') + '.',
      svg: renderPlot(
        {
          width: 640,
          height: 640,
          marginLeft: 210,
          x: { domain: [0, 1], label: 'F-score', grid: true },
          y: { axis: null, domain: [x, y] },
          fy: { label: null, domain: Object.keys(rowX.per_category) },
          color: { domain: [x, y], range: [...SERIES] },
          marks: [Plot.barX(points, { x: 'f1', y: 'predictor', fy: 'label', fill: 'predictor' })],
        },
        id,
      ),
      legend: [
        { label: x, series: 0, shape: 'bar' },
        { label: y, series: 1, shape: 'bar' },
      ],
      data: [block],
    };
  });
}
