/**
 * A post-build pass, run once the figure check has read the images' SVG: each share card
 * (share/*.svg) becomes a PNG, and each chart image (data/*.svg) a PNG beside it, its SVG
 * rewritten with every glyph outlined so the download renders the same anywhere, with or
 * without the font. resvg draws them with one font shipped as a package (Inter), never the
 * machine's fonts, so every build draws the same pixels.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { renderAsync, Resvg } from '@resvg/resvg-js';
import { CARD, IMAGE_FONT } from '../charts/image.ts';
import { ProblemError } from '../core/problem.ts';

const require = createRequire(import.meta.url);
/** A chart's PNG: one and a third times the drawing's width, sharp on a slide or a retina screen. */
export const CHART_PNG_WIDTH = 1600;
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));

const options = (width: number) => ({ font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: IMAGE_FONT }, fitTo: { mode: 'width' as const, value: width }, background: '#ffffff' });

const cannotDraw = (rel: string, e: unknown) =>
  new ProblemError([{ file: rel, place: '', message: `resvg cannot draw this SVG: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}` }], 'The built site has an image that cannot be drawn');

const svgsIn = (dir: string) => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.svg'));
  } catch {
    return [];
  }
};

interface Job {
  readonly rel: string;
  readonly path: string;
  readonly svg: string;
  readonly width: number;
  /** A chart's SVG is rewritten with its text outlined; a share card's is kept as the guard read it. */
  readonly outline: boolean;
}

/**
 * Starts drawing every image in resvg's own threads, from the SVG as it is now, so the drawing
 * runs beside the checks on this thread; the function it returns waits, then writes the PNGs
 * (and the charts' outlined SVG). The build calls it only once the figure check has read the
 * SVG, so nothing unchecked is written.
 */
export function startRasterising(dist: string): () => Promise<{ cards: number; charts: number }> {
  const jobs: Job[] = [
    ...svgsIn(join(dist, 'share')).map((f) => ({ rel: `share/${f}`, path: join(dist, 'share', f), width: CARD.width, outline: false })),
    ...svgsIn(join(dist, 'data')).map((f) => ({ rel: `data/${f}`, path: join(dist, 'data', f), width: CHART_PNG_WIDTH, outline: true })),
  ].map((j) => ({ ...j, svg: readFileSync(j.path, 'utf8') }));
  const drawn = jobs.map((j) => renderAsync(j.svg, options(j.width)).catch((e: unknown) => Promise.reject(cannotDraw(j.rel, e))));
  // Reported when the build waits for them; until then not an unhandled rejection.
  for (const d of drawn) d.catch(() => {});
  return async () => {
    const images = await Promise.all(drawn);
    jobs.forEach((j, i) => {
      writeFileSync(j.path.replace(/\.svg$/, '.png'), images[i]!.asPng());
      if (j.outline) {
        // usvg's own serialisation: the same drawing with text as paths.
        let outlined: string;
        try {
          outlined = new Resvg(j.svg, options(j.width)).toString();
        } catch (e) {
          throw cannotDraw(j.rel, e);
        }
        writeFileSync(j.path, outlined);
      }
    });
    return { cards: jobs.filter((j) => !j.outline).length, charts: jobs.filter((j) => j.outline).length };
  };
}

/** Rasterises the built site's images; returns how many of each it wrote. */
export const rasteriseImages = (dist: string) => startRasterising(dist)();
