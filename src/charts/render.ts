/**
 * Observable Plot, rendered to static SVG at build (no client JS). Plot needs a DOM,
 * which linkedom provides; its output is made deterministic and quiet for assistive
 * technology, since each chart's text alternative is carried by its wrapper.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

export type PlotOptions = Omit<Plot.PlotOptions, 'document'>;

/** Colours for at most two series; the stylesheet remaps them for the dark theme. */
export const SERIES = ['#1f5fbf', '#b4460b'] as const;

export function renderPlot(options: PlotOptions, idPrefix: string): string {
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
      // The wrapper carries the text alternative; the drawing itself is hidden from assistive technology.
      .replace(/ aria-label="[^"]*"/g, '')
      .replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ')
  );
}
