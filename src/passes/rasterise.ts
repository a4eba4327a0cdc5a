/**
 * A post-build pass, run once the figure check has read the images' SVG: each share card
 * (share/*.svg) becomes a PNG, and each chart image (data/*.svg) a PNG beside it, its SVG
 * rewritten with every glyph outlined so the download renders the same anywhere, with or
 * without the font. resvg draws them with one font shipped as a package (Inter), never the
 * machine's fonts, so every build draws the same pixels. Each SVG is parsed once, for both
 * its PNG and its outlined text, in a worker thread, so this thread checks the pages meanwhile.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CARD, IMAGE_FONT } from '../charts/image.ts';
import type { Drawn, Job } from './draw-image.ts';
import { ProblemError } from '../core/problem.ts';

const require = createRequire(import.meta.url);
/** A chart's PNG: at the chart image's own width, the width of a card; the outlined SVG beside it is the copy that scales. */
export const CHART_PNG_WIDTH = CARD.width;
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));

const cannotDraw = (rel: string, message: string) =>
  new ProblemError([{ file: rel, place: '', message: `resvg cannot draw this SVG: ${message.split('\n')[0]}` }], 'The built site has an image that cannot be drawn');

const svgsIn = (dir: string) => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.svg'));
  } catch {
    return [];
  }
};

function inWorker(jobs: readonly Job[]): Promise<Drawn[]> {
  const worker = new Worker(new URL('./rasterise.worker.ts', import.meta.url), { workerData: { jobs, font: { files: FONT_FILES, family: IMAGE_FONT } } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the rasterising worker stopped (exit code ${code}) before it answered`)));
  });
}

/** The jobs shared between two workers, a chart counting as four cards (it has about four times the pixels). */
function shares(jobs: readonly Job[]): Job[][] {
  const out: [Job[], Job[]] = [[], []];
  const load = [0, 0];
  for (const j of jobs) {
    const k = load[0]! <= load[1]! ? 0 : 1;
    out[k].push(j);
    load[k]! += j.outline ? 4 : 1;
  }
  return out.filter((s) => s.length > 0);
}

/**
 * Starts drawing every image in a worker thread, from the SVG as it is now; the function it
 * returns waits, then writes the PNGs (and the charts' outlined SVG). The build calls it only
 * once the figure check has read the SVG, so nothing unchecked is written.
 */
export function startRasterising(dist: string): () => Promise<{ cards: number; charts: number }> {
  const jobs: Job[] = [
    ...svgsIn(join(dist, 'share')).map((f) => ({ rel: `share/${f}`, width: CARD.width, outline: false })),
    ...svgsIn(join(dist, 'data')).map((f) => ({ rel: `data/${f}`, width: CHART_PNG_WIDTH, outline: true })),
  ].map((j) => ({ ...j, svg: readFileSync(join(dist, j.rel), 'utf8') }));
  const drawn = Promise.all(shares(jobs).map(inWorker)).then((parts) => parts.flat());
  // Reported when the build waits for them; until then not an unhandled rejection.
  drawn.catch(() => {});
  return async () => {
    const images = await drawn;
    for (const d of images) if ('error' in d) throw cannotDraw(d.rel, d.error);
    for (const d of images) {
      if ('error' in d) continue;
      writeFileSync(join(dist, d.rel.replace(/\.svg$/, '.png')), d.png);
      if (d.outlined !== undefined) writeFileSync(join(dist, d.rel), d.outlined);
    }
    return { cards: jobs.filter((j) => !j.outline).length, charts: jobs.filter((j) => j.outline).length };
  };
}

/** Rasterises the built site's images; returns how many of each it wrote. */
export const rasteriseImages = (dist: string) => startRasterising(dist)();
