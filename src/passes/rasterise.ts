/**
 * A post-build pass, run once the figure check has read the images' SVG: each share card
 * (share/*.svg) becomes a PNG, and each chart image (data/*.svg) a PNG beside it, its SVG
 * rewritten with every glyph outlined so the download renders the same anywhere, with or
 * without the font. resvg draws them with one font shipped as a package (Inter), never the
 * machine's fonts, so every build draws the same pixels. Each SVG is parsed once, for both
 * its PNG and its outlined text, in two processes of their own, so this one checks the pages
 * meanwhile and survives a crash in resvg to name the image it was drawing.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CARD, IMAGE_FONT } from '../charts/image.ts';
import { builtImages } from '../site/built-pages.ts';
import type { Drawn, Job } from './draw-image.ts';
import { ProblemError } from '../core/problem.ts';

const require = createRequire(import.meta.url);
/** A chart's PNG: at the chart image's own width, the width of a card; the outlined SVG beside it is the copy that scales. */
export const CHART_PNG_WIDTH = CARD.width;
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));

const notDrawn = (rel: string, message: string) => new ProblemError([{ file: rel, place: '', message }], 'The built site has an image that cannot be drawn');

/** Draws `jobs` in a process of its own; a crash is reported against the image it was drawing. */
function inProcess(jobs: readonly Job[]): Promise<Drawn[]> {
  return new Promise((resolve, reject) => {
    let drawing = '';
    let answer: Drawn[] | undefined;
    let said = '';
    const child = fork(new URL('./rasterise.child.ts', import.meta.url), { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderr!.on('data', (d: Buffer) => (said += d.toString()).length > 4096 && (said = said.slice(0, 4096)));
    child.on('message', (m: { started: string } | { drawn: Drawn[] }) => ('started' in m ? (drawing = m.started) : (answer = m.drawn)));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer) return resolve(answer);
      const why = said.split('\n').find((l) => /panicked|error/i.test(l))?.trim() ?? `exit code ${code ?? signal}`;
      reject(notDrawn(drawing || jobs[0]!.rel, `resvg stopped while drawing this image (${why.slice(0, 200)})`));
    });
    child.send({ jobs, font: { files: FONT_FILES, family: IMAGE_FONT } });
  });
}

/** The jobs shared between two processes, a chart counting as four cards (it has about four times the pixels). */
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
 * Starts drawing every image in two processes, from the SVG as it is now; the function it
 * returns waits, then writes the PNGs (and the charts' outlined SVG). The build calls it only
 * once the figure check has read the SVG, so nothing unchecked is written.
 */
export function startRasterising(dist: string): () => Promise<{ cards: number; charts: number }> {
  const jobs: Job[] = builtImages(dist).map(({ path, rel }) => {
    const card = rel.startsWith('share/');
    return { rel, svg: readFileSync(path, 'utf8'), width: card ? CARD.width : CHART_PNG_WIDTH, outline: !card };
  });
  const drawn = Promise.all(shares(jobs).map(inProcess)).then((parts) => parts.flat());
  // Reported when the build waits for them; until then not an unhandled rejection.
  drawn.catch(() => {});
  return async () => {
    const images = await drawn;
    for (const d of images) if ('error' in d) throw notDrawn(d.rel, d.error);
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
