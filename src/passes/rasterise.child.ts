/**
 * A drawing process of rasterise.ts: draws the images it is sent, in order, one at a time,
 * and writes each answer out before it starts the next, so a crash never takes an answer
 * with it and the build can name the image being drawn. A process of its own, not a thread,
 * so that a crash inside resvg's native code ends only this process. It ends as soon as the
 * build lets it go or is gone, leaving any image it was sent and had not started.
 */
import { draw, type ImageFont, type Job } from './draw-image.ts';

let font: ImageFont | undefined;
const waiting: Job[] = [];
let drawing = false;

function next(): void {
  if (drawing || waiting.length === 0) return;
  drawing = true;
  process.send!(draw(waiting.shift()!, font!), (e: Error | null) => {
    // An answer that cannot be written means the build is gone: draw nothing more.
    if (e) process.exit(0);
    drawing = false;
    next();
  });
}

process.on('message', (m: { font: ImageFont } | { job: Job }) => {
  if ('font' in m) font = m.font;
  else {
    waiting.push(m.job);
    next();
  }
});
