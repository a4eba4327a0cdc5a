/**
 * Draws one image with resvg, from one parse of its SVG: its PNG and, for a chart, the same
 * tree serialised with text as paths. Only resvg is imported: this runs in the rasterising
 * process (rasterise.child.ts), which loads nothing else.
 */
import { Resvg } from '@resvg/resvg-js';

/** The tallest PNG drawn, in pixels: an SVG whose shape would draw taller is refused before any pixel is allocated. */
export const MAX_PNG_HEIGHT = 4000;

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

/** A drawn image: its PNG and, for a chart, its SVG with text as paths; or why it was not drawn. */
export type Drawn =
  | { readonly rel: string; readonly png: Uint8Array; readonly outlined?: string }
  | { readonly rel: string; readonly error: string };

export function draw(job: Job, font: ImageFont): Drawn {
  try {
    const tree = new Resvg(job.svg, {
      font: { fontFiles: [...font.files], loadSystemFonts: false, defaultFontFamily: font.family },
      fitTo: { mode: 'width', value: job.width },
      background: '#ffffff',
    });
    const height = Math.ceil((tree.height * job.width) / tree.width);
    if (!(height <= MAX_PNG_HEIGHT))
      return {
        rel: job.rel,
        error: `at ${job.width} px wide it would be ${height} px tall; the limit is ${MAX_PNG_HEIGHT}`,
      };
    const png = tree.render().asPng();
    // usvg's own serialisation of the same tree: the drawing with text as paths.
    return job.outline ? { rel: job.rel, png, outlined: tree.toString() } : { rel: job.rel, png };
  } catch (e) {
    return {
      rel: job.rel,
      error: `resvg cannot draw this SVG: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`,
    };
  }
}
