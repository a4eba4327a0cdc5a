/**
 * A drawing process of rasterise.ts: draws each image it is sent, in order, and answers each.
 * A process of its own, not a thread, so that a crash inside resvg's native code ends only
 * this process, and the build can name the image. It ends when the build lets it go.
 */
import { draw, type ImageFont, type Job } from './draw-image.ts';

let font: ImageFont | undefined;
process.on('message', (m: { font: ImageFont } | { job: Job }) => {
  if ('font' in m) font = m.font;
  else process.send!(draw(m.job, font!));
});
