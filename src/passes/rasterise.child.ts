/**
 * The rasterising process of rasterise.ts: draws the images it is sent, saying which one it
 * starts before each, and answers once. A process of its own, not a thread, so that a crash
 * inside resvg's native code ends only this process, and the build can name the image.
 */
import { draw, type ImageFont, type Job } from './draw-image.ts';

process.once('message', (m: { jobs: Job[]; font: ImageFont }) => {
  const drawn = m.jobs.map((j) => {
    process.send!({ started: j.rel });
    return draw(j, m.font);
  });
  process.send!({ drawn }, () => process.disconnect());
});
