/**
 * A share card per page and a standalone image per chart, as SVG whose figures and artifact strings sit in
 * `data-fig` elements as on the pages, so the figure guard reads them before they are rasterised. SVG does not
 * wrap text, so it is laid out here.
 */
import { formatFigure } from '../provenance/format.ts';
import type { Figure, Words } from '../provenance/provenance.ts';
import { visibleText } from '../provenance/untrusted.ts';
import type { LegendEntry } from './charts.ts';

/** A run of text in an image: our words, a figure, or an artifact string (shown as data). */
export type ImagePart = string | { readonly fig: Figure } | { readonly words: Words };

export interface ImageLine {
  readonly parts: readonly ImagePart[];
  readonly size: number;
  readonly bold?: boolean;
  readonly colour?: string;
}

export const CARD = { width: 1200, height: 630 } as const;
/** The family the rasteriser is given (src/passes/rasterise.ts loads its files). */
export const IMAGE_FONT = 'Inter';
const INK = '#111111';
const MUTED = '#555555';
const ACCENT = '#1f5fbf';

const xml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

interface Token {
  readonly text: string;
  readonly fig?: string;
}

/** The parts as words, each word keeping the mark of the part it came from. */
function tokens(parts: readonly ImagePart[]): Token[][] {
  // Words are grouped by part so a figure (or an artifact string) keeps one mark across its words.
  return parts.map((p) => {
    const [text, fig] =
      typeof p === 'string'
        ? [p, undefined]
        : 'fig' in p
          ? [formatFigure(p.fig.value, p.fig.kind), p.fig.kind]
          : [visibleText(p.words.text), 'words'];
    return text
      .split(/(\s+)/)
      .filter((w) => w !== '')
      .map((w) => (fig ? { text: w, fig } : { text: w }));
  });
}

/** Inter's average advance is a little over half an em: a safe estimate for wrapping. */
const widthOf = (text: string, size: number, bold: boolean) => text.length * size * (bold ? 0.6 : 0.55);

/** Wraps a line of parts to `maxWidth`, returning one array of tokens per visual line. */
export function wrap(line: ImageLine, maxWidth: number): Token[][] {
  const out: Token[][] = [[]];
  let used = 0;
  for (const token of tokens(line.parts).flat()) {
    const w = widthOf(token.text, line.size, line.bold ?? false);
    if (/^\s+$/.test(token.text)) {
      if (used > 0) {
        out.at(-1)!.push({ ...token, text: ' ' });
        used += widthOf(' ', line.size, false);
      }
      continue;
    }
    // Never before a word of ours that starts with a number ("Table 1"): the line would show it as a figure on its own.
    const keepsWithLast = !token.fig && /^\p{N}/u.test(token.text);
    if (used + w > maxWidth && used > 0 && !keepsWithLast) {
      const last = out.at(-1)!;
      while (last.length && /^\s+$/.test(last.at(-1)!.text)) last.pop();
      out.push([]);
      used = 0;
    }
    out.at(-1)!.push(token);
    used += w;
  }
  return out;
}

/** One visual line as <text>, each marked run a <tspan data-fig>. */
function textLine(tokens: readonly Token[], x: number, y: number, line: ImageLine): string {
  const runs: Token[] = [];
  for (const t of tokens) {
    const prev = runs.at(-1);
    if (prev && prev.fig === t.fig) runs[runs.length - 1] = { ...prev, text: prev.text + t.text };
    else runs.push(t);
  }
  const body = runs.map((r) => (r.fig ? `<tspan data-fig="${r.fig}">${xml(r.text)}</tspan>` : xml(r.text))).join('');
  return `<text x="${x}" y="${y}" font-family="${IMAGE_FONT}" font-size="${line.size}"${line.bold ? ' font-weight="700"' : ''} fill="${line.colour ?? INK}">${body}</text>`;
}

/** Lines laid out top to bottom from `y`; returns the markup and where the next line would start. */
export function textBlock(
  lines: readonly ImageLine[],
  x: number,
  y: number,
  maxWidth: number,
  gap = 0.5,
): { svg: string; y: number } {
  let at = y;
  const svg: string[] = [];
  for (const line of lines) {
    for (const visual of wrap(line, maxWidth)) {
      at += line.size * 1.25;
      svg.push(textLine(visual, x, at, line));
    }
    at += line.size * gap;
  }
  return { svg: svg.join(''), y: at };
}

export interface Card {
  /** Above the title: what the site is. */
  readonly kicker: string;
  readonly title: ImageLine;
  readonly body: readonly ImageLine[];
  /** At the foot: where the figures come from and the revision. */
  readonly foot: readonly ImageLine[];
}

/** The sizes a card's title and body step down through, together, until both fit above its foot. */
const CARD_SCALES = [1, 0.9, 0.8, 0.7, 0.6] as const;

/**
 * A page's share card as SVG. Its title and body are never cut: they shrink together until they fit
 * above the foot, and a card that does not fit at the smallest size is refused, to be shortened.
 */
export function cardSvg(card: Card): string {
  const pad = 72;
  const inner = CARD.width - 2 * pad;
  // The foot is never cut either: it sits as high above the bottom edge as its wrapped lines need.
  const footLines = card.foot.map((l) => ({ colour: MUTED, ...l }));
  const footTop = CARD.height - 40 - textBlock(footLines, pad, 0, inner).y;
  const laid = CARD_SCALES.map((scale) => {
    const head = textBlock(
      [
        { parts: [card.kicker], size: 26, colour: ACCENT, bold: true },
        { ...card.title, size: card.title.size * scale },
      ],
      pad,
      40,
      inner,
      0.6,
    );
    const body = textBlock(
      card.body.map((l) => ({ ...l, size: l.size * scale })),
      pad,
      head.y + 10,
      inner,
    );
    return { head, body };
  }).find(({ body }) => body.y <= footTop);
  if (!laid) throw new Error(`share card "${card.kicker}": its title and summary do not fit even at the smallest size`);
  const { head, body } = laid;
  const foot = textBlock(footLines, pad, footTop, inner);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">` +
    `<rect width="${CARD.width}" height="${CARD.height}" fill="#ffffff"/><rect width="${CARD.width}" height="12" fill="${ACCENT}"/>` +
    head.svg +
    body.svg +
    foot.svg +
    '</svg>\n'
  );
}

/** Colours the page's stylesheet gives a chart, written into the standalone image (it has no stylesheet). */
const CHART_STYLE = `<style>svg{color:${INK};font-family:${IMAGE_FONT}}</style>`;

const SERIES_COLOURS = { 0: ACCENT, 1: '#b4460b', ink: INK } as const;

/** One legend entry's mark, 16 px square, at (x, y) its top left, in colour `c`, filled with `f`. */
const MARKS: Record<LegendEntry['shape'], (x: number, y: number, c: string, f: string) => string> = {
  circle: (x, y, c, f) => `<circle cx="${x + 8}" cy="${y + 8}" r="6" fill="${f}" stroke="${c}" stroke-width="2"/>`,
  square: (x, y, c, f) =>
    `<rect x="${x + 2}" y="${y + 2}" width="12" height="12" fill="${f}" stroke="${c}" stroke-width="2"/>`,
  plus: (x, y, c) =>
    `<path d="M${x + 8} ${y + 1}V${y + 15}M${x + 1} ${y + 8}H${x + 15}" stroke="${c}" stroke-width="3"/>`,
  bar: (x, y, c) => `<rect x="${x}" y="${y + 3}" width="16" height="10" fill="${c}"/>`,
  dashed: (x, y, c) => `<path d="M${x} ${y + 8}H${x + 16}" stroke="${c}" stroke-width="2" stroke-dasharray="5 3"/>`,
  dotted: (x, y, c) => `<path d="M${x} ${y + 8}H${x + 16}" stroke="${c}" stroke-width="2" stroke-dasharray="1 3"/>`,
};
const legendMark = (l: LegendEntry, x: number, y: number) =>
  MARKS[l.shape](x, y, SERIES_COLOURS[l.series], l.hollow ? 'none' : SERIES_COLOURS[l.series]);

/** The legend as one or more rows of marks and labels; returns the markup and the height it takes. */
function legendRows(
  legend: readonly LegendEntry[],
  x: number,
  y: number,
  maxWidth: number,
): { svg: string; height: number } {
  const size = 17;
  let cx = x;
  let cy = y;
  const out: string[] = [];
  for (const l of legend) {
    const w = 24 + l.label.length * size * 0.55 + 24;
    if (cx > x && cx + w > x + maxWidth) {
      cx = x;
      cy += size * 1.6;
    }
    out.push(
      legendMark(l, cx, cy + 2),
      `<text x="${cx + 24}" y="${cy + 15}" font-family="${IMAGE_FONT}" font-size="${size}" fill="${INK}">${xml(l.label)}</text>`,
    );
    cx += w;
  }
  return { svg: out.join(''), height: legend.length ? cy - y + size * 1.6 : 0 };
}

/** A chart as a standalone SVG: its title and legend above the drawing, its source and revision below. */
export function chartImageSvg(
  title: ImageLine,
  drawing: string,
  foot: readonly ImageLine[],
  legend: readonly LegendEntry[] = [],
): string {
  const width = 1200;
  const pad = 40;
  const m = /<svg\b[^>]*\bviewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(drawing);
  const [w, h] = m ? [Number(m[1]), Number(m[2])] : [640, 400];
  const scale = (width - 2 * pad) / w;
  const titleBlock = textBlock([title], pad, 12, width - 2 * pad);
  const key = legendRows(legend, pad, titleBlock.y, width - 2 * pad);
  const head = { svg: titleBlock.svg + key.svg, y: titleBlock.y + key.height };
  const drawnHeight = h * scale;
  const footAt = head.y + drawnHeight + 16;
  const tail = textBlock(
    foot.map((l) => ({ colour: MUTED, ...l })),
    pad,
    footAt,
    width - 2 * pad,
    0.3,
  );
  const height = Math.ceil(tail.y + 24);
  // The drawing nested as it is, placed and scaled: Plot's own markup, not redrawn.
  const nested = drawing.replace(/^<svg\b[^>]*>/, (open) =>
    open
      .replace(/\s(?:width|height|x|y)="[^"]*"/g, '')
      .replace(
        /^<svg\b/,
        `<svg x="${pad}" y="${head.y.toFixed(1)}" width="${(w * scale).toFixed(1)}" height="${drawnHeight.toFixed(1)}"`,
      ),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${CHART_STYLE}` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    // Marked as the pages mark a drawing: its ticks are drawn from the chart's tables, which carry every value.
    head.svg +
    `<g data-fig="chart">${nested}</g>` +
    tail.svg +
    '</svg>\n'
  );
}
