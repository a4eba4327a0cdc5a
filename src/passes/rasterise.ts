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
import { Resvg } from '@resvg/resvg-js';
import { IMAGE_FONT } from '../charts/image.ts';
import { ProblemError } from '../core/problem.ts';

const require = createRequire(import.meta.url);
/** A chart's PNG: one and a third times the drawing's width, sharp on a slide or a retina screen. */
export const CHART_PNG_WIDTH = 1600;
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));

function render(svg: string, width: number, rel: string): Resvg {
  try {
    return new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: IMAGE_FONT }, fitTo: { mode: 'width', value: width }, background: '#ffffff' });
  } catch (e) {
    throw new ProblemError([{ file: rel, place: '', message: `resvg cannot draw this SVG: ${(e as Error).message.split('\n')[0]}` }], 'The built site has an image that cannot be drawn');
  }
}

const svgsIn = (dir: string) => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.svg'));
  } catch {
    return [];
  }
};

/** Rasterises the built site's images; returns how many of each it wrote. */
export function rasteriseImages(dist: string): { cards: number; charts: number } {
  let cards = 0;
  for (const f of svgsIn(join(dist, 'share'))) {
    writeFileSync(join(dist, 'share', f.replace(/\.svg$/, '.png')), render(readFileSync(join(dist, 'share', f), 'utf8'), 1200, `share/${f}`).render().asPng());
    cards++;
  }
  let charts = 0;
  for (const f of svgsIn(join(dist, 'data'))) {
    const path = join(dist, 'data', f);
    const drawn = render(readFileSync(path, 'utf8'), CHART_PNG_WIDTH, `data/${f}`);
    writeFileSync(path.replace(/\.svg$/, '.png'), drawn.render().asPng());
    // usvg's own serialisation: the same drawing with text as paths.
    writeFileSync(path, drawn.toString());
    charts++;
  }
  return { cards, charts };
}
