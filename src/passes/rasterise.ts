/**
 * A post-build pass, run once the figure check has read the images' SVG: each share card
 * (share/*.svg) becomes a PNG, and each chart image (data/*.svg) a PNG beside it, its SVG
 * rewritten with every glyph outlined so the download renders the same anywhere, with or
 * without the font. resvg draws them with one font shipped as a package (Inter), never the
 * machine's fonts, so every build draws the same pixels. Each SVG is parsed once, for both
 * its PNG and its outlined text, in two processes of their own, so this one checks the pages
 * meanwhile and survives a crash in resvg to name the image it was drawing.
 *
 * A build's drawings may start early, as each image's route makes it
 * (src/charts/image-offers.ts); the pass then asks for each image by the bytes it reads from
 * dist/, and takes an early drawing only when it was drawn from exactly those bytes. Nothing
 * outlives the build: the drawings are the build's own, closed when the pass is done.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CARD, IMAGE_FONT } from '../charts/image.ts';
import type { ImageTaker } from '../charts/image-offers.ts';
import { builtImages } from '../site/built-pages.ts';
import type { Drawn, Job } from './draw-image.ts';
import { ProblemError } from '../core/problem.ts';

const require = createRequire(import.meta.url);
/** A chart's PNG: at the chart image's own width, the width of a card; the outlined SVG beside it is the copy that scales. */
export const CHART_PNG_WIDTH = CARD.width;
const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((f) =>
  require.resolve(`@expo-google-fonts/inter/${f}`),
);
/**
 * How the drawing is shared out. While the pages render: one process, so the rendering thread
 * keeps a core of its own, handed the image it draws and the next, so that it seldom sits idle
 * until the busy rendering thread reads its answer and hands it another. Once they are written: two, each
 * handed its share at once, so neither waits for this thread to finish a check to get its next.
 */
const SHARING = { rendering: { processes: 1, handed: 2 }, written: { processes: 2, handed: Infinity } } as const;

const isCard = (rel: string) => rel.startsWith('share/');

/** The job for the image at `rel` in the built site: a card is drawn as it is, a chart's text is outlined too. */
function jobFor(rel: string, svg: string): Job {
  const card = isCard(rel);
  return { rel, svg, width: card ? CARD.width : CHART_PNG_WIDTH, outline: !card };
}

/** A chart counts as four cards: it has about four times the pixels. */
const weight = (job: Job) => (job.outline ? 4 : 1);

interface Queued {
  readonly job: Job;
  readonly done: (d: Drawn) => void;
}

/** One drawing process: it draws the jobs it is handed in the order it is handed them. */
class DrawingProcess {
  readonly #child: ChildProcess;
  /** Handed and not yet answered, oldest first: the first is the one being drawn. */
  readonly #owed: Queued[] = [];
  readonly #answered: () => void;
  readonly #ended: (p: DrawingProcess, undrawn: Queued[]) => void;
  #said = '';

  /** `answered`: called after each answer; `ended`: when the process is gone, with the jobs it had not started. */
  constructor(answered: () => void, ended: (p: DrawingProcess, undrawn: Queued[]) => void) {
    this.#answered = answered;
    this.#ended = ended;
    this.#child = fork(new URL('./rasterise.child.ts', import.meta.url), {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The end of what it printed: a panic is the last thing a process says.
    this.#child.stderr!.on('data', (d: Buffer) => (this.#said = (this.#said + d.toString()).slice(-4096)));
    this.#child.on('message', (drawn: Drawn) => {
      this.#owed.shift()?.done(drawn);
      this.#holdBuild();
      this.#answered();
    });
    // Judged once it has exited and its channel is closed: every answer it wrote has been read by then.
    let exit: string | undefined;
    let closed = false;
    const gone = () => exit !== undefined && closed && this.#stopped(exit);
    this.#child.once('exit', (code, signal) => ((exit = `exit code ${code ?? signal}`), gone()));
    this.#child.once('disconnect', () => ((closed = true), gone()));
    // A process that never started ends here; any other error (a send to a process already gone) waits for its end above.
    this.#child.on('error', (e) => this.#child.pid === undefined && this.#stopped(e.message));
    this.#child.send({ font: { files: FONT_FILES, family: IMAGE_FONT } });
    this.#holdBuild();
  }

  /** What it still owes, in cards. */
  get load(): number {
    return this.#owed.reduce((n, q) => n + weight(q.job), 0);
  }

  get owed(): number {
    return this.#child.connected ? this.#owed.length : Infinity;
  }

  hand(job: Queued): void {
    this.#owed.push(job);
    this.#holdBuild();
    this.#child.send({ job: job.job });
  }

  close(): void {
    if (this.#child.connected) this.#child.disconnect();
  }

  /** The process keeps the build alive only while it owes an answer, so a build that stops early never waits for it. */
  #holdBuild(): void {
    for (const handle of [this.#child, this.#child.channel, this.#child.stderr as Socket | null])
      this.#owed.length ? handle?.ref() : handle?.unref();
  }

  /** The job it was drawing (the oldest unanswered: it answers each before the next), if any, is answered with the crash; the others go back to be drawn elsewhere. */
  #stopped(fallback: string): void {
    const [drawing, ...undrawn] = this.#owed.splice(0);
    const lines = this.#said.split('\n');
    // Rust's own panic line says what went wrong; the lines after it only that the process aborts.
    const why =
      (lines.findLast((l) => /panicked/.test(l)) ?? lines.findLast((l) => /error/i.test(l)))?.trim() ?? fallback;
    drawing?.done({ rel: drawing.job.rel, error: `resvg stopped while drawing this image (${why.slice(0, 200)})` });
    this.#ended(this, undrawn);
  }
}

/**
 * One build's drawings: each image drawn once from the SVG it was asked for, in the order
 * asked, by up to two processes.
 */
export class Drawings implements ImageTaker {
  readonly #processes = new Set<DrawingProcess>();
  readonly #queue: Queued[] = [];
  readonly #asked = new Map<string, { readonly svg: string; readonly drawn: Promise<Drawn> }>();
  #sharing: { readonly processes: number; readonly handed: number } = SHARING.rendering;
  #closed = false;

  /** An early start for the image at `rel` (src/charts/image-offers.ts), as its route makes it. */
  offer(rel: string, svg: string): void {
    void this.#ask(rel, svg);
  }

  /** The drawing of `svg` as the image at `rel`: the one already asked for with exactly these bytes, or a new one. The pages are written: both processes draw. */
  draw(rel: string, svg: string): Promise<Drawn> {
    this.#sharing = SHARING.written;
    return this.#ask(rel, svg);
  }

  /** Starts every process now, idle, so that none is still starting when the pages are written. */
  start(): void {
    while (this.#processes.size < SHARING.written.processes) this.#processes.add(this.#start());
  }

  /** Lets the processes go: called once the build has every drawing it asked for. */
  close(): void {
    this.#closed = true;
    for (const p of this.#processes) p.close();
  }

  #ask(rel: string, svg: string): Promise<Drawn> {
    const asked = this.#asked.get(rel);
    const drawn =
      asked?.svg === svg
        ? asked.drawn
        : new Promise<Drawn>((done) => this.#queue.push({ job: jobFor(rel, svg), done }));
    this.#asked.set(rel, { svg, drawn });
    this.#hand();
    return drawn;
  }

  /** Hands out waiting jobs to the processes now allowed to draw (the first started), least loaded first; a new one starts while each of them is busy and more are allowed. */
  #hand(): void {
    while (this.#queue.length && !this.#closed) {
      const drawing = [...this.#processes].slice(0, this.#sharing.processes);
      if (drawing.length < this.#sharing.processes && drawing.every((p) => p.owed > 0)) {
        this.#processes.add(this.#start());
        continue;
      }
      const to = drawing.filter((p) => p.owed < this.#sharing.handed).sort((a, b) => a.load - b.load)[0];
      if (!to) return;
      to.hand(this.#queue.shift()!);
    }
  }

  #start(): DrawingProcess {
    return new DrawingProcess(
      () => this.#hand(),
      (gone, undrawn) => {
        this.#processes.delete(gone);
        this.#queue.unshift(...undrawn);
        this.#hand();
      },
    );
  }
}

const notDrawn = (failed: readonly { rel: string; error: string }[]) =>
  new ProblemError(
    failed.map(({ rel, error }) => ({ file: rel, place: '', message: error })),
    'The built site has an image that cannot be drawn',
  );

/**
 * Asks for every image as its SVG is now on disk (started early or not); the function it
 * returns waits, then writes the PNGs (and the charts' outlined SVG) and lets the drawing
 * processes go. The build calls it only once the figure check has read the SVG, so nothing
 * unchecked is written.
 */
export function startRasterising(
  dist: string,
  drawings: Drawings = new Drawings(),
): () => Promise<{ cards: number; charts: number }> {
  const images = builtImages(dist).map(({ path, rel }) => ({
    rel,
    drawn: drawings.draw(rel, readFileSync(path, 'utf8')),
  }));
  return async () => {
    let drawn: Drawn[];
    try {
      drawn = await Promise.all(images.map((i) => i.drawn));
    } finally {
      drawings.close();
    }
    const failed = drawn.filter((d): d is Extract<Drawn, { error: string }> => 'error' in d);
    if (failed.length) throw notDrawn(failed);
    for (const d of drawn) {
      if ('error' in d) continue;
      writeFileSync(join(dist, d.rel.replace(/\.svg$/, '.png')), d.png);
      if (d.outlined !== undefined) writeFileSync(join(dist, d.rel), d.outlined);
    }
    const cards = images.filter((i) => isCard(i.rel)).length;
    return { cards, charts: images.length - cards };
  };
}

/** Rasterises the built site's images; returns how many of each it wrote. */
export const rasteriseImages = (dist: string) => startRasterising(dist)();
