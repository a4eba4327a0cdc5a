/**
 * Draws one image with resvg, from one parse of its SVG: its PNG and, for a chart, the same
 * tree serialised with text as paths. Only resvg is imported: this runs in the rasterising
 * worker (rasterise.worker.ts), which loads nothing else.
 */
import { Resvg } from '@resvg/resvg-js';

/** One image to draw: its SVG as read before the checks, its width, and whether its text is outlined (a chart's is; a card's is kept as the guard read it). */
export interface Job {
  readonly rel: string;
  readonly svg: string;
  readonly width: number;
  readonly outline: boolean;
}

/** The one font the images are drawn with: its files, shipped as a package, never the machine's fonts. */
export interface ImageFont {
  readonly files: readonly string[];
  readonly family: string;
}

/** A drawn image: its PNG and, for a chart, its SVG with text as paths; or why resvg could not draw it. */
export type Drawn = { readonly rel: string; readonly png: Uint8Array; readonly outlined?: string } | { readonly rel: string; readonly error: string };

export function draw(job: Job, font: ImageFont): Drawn {
  try {
    const tree = new Resvg(job.svg, { font: { fontFiles: [...font.files], loadSystemFonts: false, defaultFontFamily: font.family }, fitTo: { mode: 'width', value: job.width }, background: '#ffffff' });
    const png = tree.render().asPng();
    // usvg's own serialisation of the same tree: the drawing with text as paths.
    return job.outline ? { rel: job.rel, png, outlined: tree.toString() } : { rel: job.rel, png };
  } catch (e) {
    return { rel: job.rel, error: e instanceof Error ? e.message : String(e) };
  }
}
