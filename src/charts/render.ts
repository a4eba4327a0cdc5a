/**
 * Observable Plot rendered to static SVG at build in linkedom's DOM, made deterministic and hidden from
 * assistive technology (the wrapper carries the text alternative). Each chart is drawn at two widths, desktop
 * and phone, with text readable at each, rather than one drawing scaled down; the stylesheet shows one.
 */
import * as Plot from '@observablehq/plot';
// linkedom's own single-file build of the same version: one module to load instead of many.
import { parseHTML } from 'linkedom/worker';

export type PlotOptions = Omit<Plot.PlotOptions, 'document'>;

/** Colours for at most two series; the stylesheet remaps them for the dark theme. */
export const SERIES = ['#1f5fbf', '#b4460b'] as const;

/** The two drawings' sizes, in the CSS px at which they are shown. */
export const LAYOUTS = {
  wide: { width: 640, fontSize: 13 },
  narrow: { width: 360, fontSize: 14 },
} as const;
export type Layout = (typeof LAYOUTS)[keyof typeof LAYOUTS] & { readonly narrow: boolean };

export interface Drawings {
  readonly wide: string;
  readonly narrow: string;
}

export function renderBoth(build: (l: Layout) => PlotOptions, idPrefix: string): Drawings {
  return {
    wide: renderPlot(build({ ...LAYOUTS.wide, narrow: false }), `${idPrefix}-w`, LAYOUTS.wide.fontSize),
    narrow: renderPlot(build({ ...LAYOUTS.narrow, narrow: true }), `${idPrefix}-n`, LAYOUTS.narrow.fontSize),
  };
}

/** Rounds Plot's long floats in coordinates: a tenth of a pixel is below what any screen shows. */
const roundNumbers = (s: string) => s.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));

interface Node {
  tagName: string;
  children: ArrayLike<Node>;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  replaceChildren(...nodes: Node[]): void;
  removeAttribute(name: string): void;
  remove(): void;
  textContent: string | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  ownerDocument: { createElementNS(ns: string, tag: string): Node };
}

const shape = (e: Node) =>
  Array.from(e.attributes, (a) => a.name)
    .sort()
    .join(' ');
const TICK = /^M0,0L(-?[\d.]+),(-?[\d.]+)$/;
const TRANSLATE = /^translate\((-?[\d.e-]+),(-?[\d.e-]+)\)$/;

/**
 * A <g> of plain grid <line>s and translated tick <path>s (one element apiece, as Plot draws them) becomes one
 * <path> of the same segments; a group with anything else in it is left as Plot wrote it.
 */
function mergeStrokes(root: Node): void {
  for (const g of Array.from(root.children)) {
    if (g.tagName.toLowerCase() !== 'g') continue;
    const kids = Array.from(g.children);
    if (kids.length < 2) continue;
    let d = '';
    for (const k of kids) {
      const tag = k.tagName.toLowerCase();
      if (tag === 'line' && shape(k) === 'x1 x2 y1 y2') {
        d += `M${k.getAttribute('x1')},${k.getAttribute('y1')}L${k.getAttribute('x2')},${k.getAttribute('y2')}`;
        continue;
      }
      const tick = tag === 'path' && shape(k) === 'd transform' ? TICK.exec(k.getAttribute('d') ?? '') : null;
      const at = tick ? TRANSLATE.exec(k.getAttribute('transform') ?? '') : null;
      if (!tick || !at) {
        d = '';
        break;
      }
      d += `M${at[1]},${at[2]}l${tick[1]},${tick[2]}`;
    }
    if (d === '') continue;
    const path = g.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', d);
    // A <line> is never filled; a <path> would be by an inherited fill, so say none.
    if (g.getAttribute('fill') !== 'none') path.setAttribute('fill', 'none');
    g.replaceChildren(path);
  }
}

/** A plain label's `translate(x,y)` and baseline shift `y` become x, y and dy (not with <tspan>s: placed from 0,0). */
function placeLabels(root: Node): void {
  for (const t of Array.from(root.querySelectorAll('text'))) {
    // A log axis has a tick label for every minor tick, most of them empty: nothing to draw.
    if (t.children.length === 0 && t.textContent === '') {
      t.remove();
      continue;
    }
    const s = shape(t);
    if (t.children.length > 0 || (s !== 'transform' && s !== 'transform y')) continue;
    const at = TRANSLATE.exec(t.getAttribute('transform') ?? '');
    const dy = t.getAttribute('y');
    if (!at || (dy !== null && !/^-?[\d.]+em$/.test(dy))) continue;
    t.removeAttribute('transform');
    t.setAttribute('x', at[1]!);
    t.setAttribute('y', at[2]!);
    if (dy !== null) t.setAttribute('dy', dy);
  }
}

/** What Plot repeats per chart that the page says once: its <style> (site.css .chart-svg), class, inner aria-hidden. */
function dropRepeats(root: Node): void {
  for (const style of Array.from(root.querySelectorAll('style'))) style.remove();
  root.removeAttribute('class');
  for (const e of Array.from(root.querySelectorAll('[aria-hidden]'))) e.removeAttribute('aria-hidden');
}

export function renderPlot(options: PlotOptions, idPrefix: string, fontSize: number = LAYOUTS.wide.fontSize): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as Node & { outerHTML: string };
  mergeStrokes(svg);
  placeLabels(svg);
  dropRepeats(svg);
  let n = 0;
  const ids = new Map<string, string>();
  return (
    svg.outerHTML
      // Plot numbers clip paths and classes with a global counter; rename per chart so output is stable.
      .replace(/\bid="([^"]+)"/g, (_, id: string) => {
        if (!ids.has(id)) ids.set(id, `${idPrefix}-${++n}`);
        return `id="${ids.get(id)}"`;
      })
      .replace(/url\(#([^)]+)\)/g, (m, id: string) => (ids.has(id) ? `url(#${ids.get(id)})` : m))
      .replace(/\bplot-[0-9a-f]{6}\b/g, `${idPrefix}-plot`)
      .replace(
        / (d|points|transform|x|y|dx|dy|x1|x2|y1|y2|cx|cy|width|height)="([^"]*)"/g,
        (_, k: string, v: string) => ` ${k}="${roundNumbers(v)}"`,
      )
      .replace(/ font-size="10"/, ` font-size="${fontSize}"`)
      // The wrapper carries the text alternative; the drawing itself is hidden from assistive technology.
      .replace(/ aria-label="[^"]*"/g, '')
      .replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ')
  );
}
