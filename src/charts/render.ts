/**
 * Observable Plot, rendered to static SVG at build (no client JS). Plot needs a DOM,
 * which linkedom provides; its output is made deterministic and quiet for assistive
 * technology, since each chart's text alternative is carried by its wrapper.
 *
 * Every chart is drawn twice, for the widths it is shown at: a wide drawing for
 * desktop and a narrow one for phones (the stylesheet shows one), each with text at
 * a size that stays readable at that width rather than a desktop drawing scaled down.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

export type PlotOptions = Omit<Plot.PlotOptions, 'document'>;

/** Colours for at most two series; the stylesheet remaps them for the dark theme. */
export const SERIES = ['#1f5fbf', '#b4460b'] as const;

/** The two drawings' sizes, in CSS px at which they are shown (the phone one at about 360 px wide). */
export const LAYOUTS = {
  wide: { width: 640, fontSize: 13 },
  narrow: { width: 360, fontSize: 14 },
} as const;
export type Layout = (typeof LAYOUTS)[keyof typeof LAYOUTS] & { readonly narrow: boolean };

export interface Drawings {
  readonly wide: string;
  readonly narrow: string;
}

/** Draws a chart at both widths; `build` receives the layout it draws for. */
export function renderBoth(build: (l: Layout) => PlotOptions, idPrefix: string): Drawings {
  return {
    wide: renderPlot(build({ ...LAYOUTS.wide, narrow: false }), `${idPrefix}-w`, LAYOUTS.wide.fontSize),
    narrow: renderPlot(build({ ...LAYOUTS.narrow, narrow: true }), `${idPrefix}-n`, LAYOUTS.narrow.fontSize),
  };
}

/** Rounds the long floats Plot writes into coordinates and path data: a tenth of a pixel is below what any screen shows. */
const roundNumbers = (s: string) => s.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));

export function renderPlot(options: PlotOptions, idPrefix: string, fontSize: number = LAYOUTS.wide.fontSize): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as { outerHTML: string };
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
      .replace(/ (d|points|transform|x|y|x1|x2|y1|y2|cx|cy|width|height)="([^"]*)"/g, (_, k: string, v: string) => ` ${k}="${roundNumbers(v)}"`)
      .replace(/ font-size="10"/, ` font-size="${fontSize}"`)
      // The wrapper carries the text alternative; the drawing itself is hidden from assistive technology.
      .replace(/ aria-label="[^"]*"/g, '')
      .replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ')
  );
}
