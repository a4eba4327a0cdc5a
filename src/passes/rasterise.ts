/**
 * A post-build pass, after the figure check has read the SVG: each share card and chart image drawn as PNG by
 * resvg with the packaged Inter font (never the machine's, so every build draws the same pixels); a chart's SVG
 * is rewritten with its glyphs outlined so the download renders the same anywhere.
 */
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CARD, IMAGE_FONT } from '../charts/image.ts';
import { ProblemError, type Problem } from '../core/problem.ts';
import { builtImages } from '../site/built-pages.ts';

const require = createRequire(import.meta.url);
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) =>
  require.resolve(`@expo-google-fonts/inter/${f}`),
);
/** The tallest PNG drawn, in pixels: an SVG whose shape would draw taller is refused before any pixel is allocated. */
export const MAX_PNG_HEIGHT = 4000;

/** A card's PNG or a chart's PNG, both the width of a card; a chart's outlined SVG beside it is the copy that scales. */
function draw(svg: string, outline: boolean): { png: Uint8Array; outlined?: string } | { error: string } {
  let tree: Resvg;
  try {
    tree = new Resvg(svg, {
      font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: IMAGE_FONT },
      fitTo: { mode: 'width', value: CARD.width },
      background: '#ffffff',
    });
  } catch (e) {
    return { error: `resvg cannot draw this SVG: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}` };
  }
  const height = Math.ceil((tree.height * CARD.width) / tree.width);
  if (!(height <= MAX_PNG_HEIGHT))
    return { error: `at ${CARD.width} px wide it would be ${height} px tall; the limit is ${MAX_PNG_HEIGHT}` };
  const png = tree.render().asPng();
  // usvg's own serialisation of the same tree: the drawing with text as paths.
  return outline ? { png, outlined: tree.toString() } : { png };
}

/** Draws every image of the built site, writing nothing unless all can be drawn; returns how many of each it wrote. */
export function rasteriseImages(dist: string): { cards: number; charts: number } {
  // A chart's text is outlined; a card is drawn as it is.
  const images = builtImages(dist).map(({ path, rel }) => ({
    path,
    rel,
    drawn: draw(readFileSync(path, 'utf8'), !rel.startsWith('share/')),
  }));
  const problems: Problem[] = images.flatMap(({ rel, drawn }) =>
    'error' in drawn ? [{ file: rel, place: '', message: drawn.error }] : [],
  );
  if (problems.length) throw new ProblemError(problems, 'The built site has an image that cannot be drawn');
  let cards = 0;
  for (const { path, drawn } of images) {
    if ('error' in drawn) continue;
    writeFileSync(path.replace(/\.svg$/, '.png'), drawn.png);
    // A card's SVG stays as the figure check read it; a chart's is the outlined copy.
    if (drawn.outlined === undefined) cards++;
    else writeFileSync(path, drawn.outlined);
  }
  return { cards, charts: images.length - cards };
}
