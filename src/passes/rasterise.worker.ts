/** The worker thread of rasterise.ts: draws the images it is given and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { draw, type ImageFont, type Job } from './draw-image.ts';

const { jobs, font } = workerData as { jobs: Job[]; font: ImageFont };
// resvg's PNG buffers live outside the JavaScript heap and cannot be transferred, so the answer is copied.
parentPort!.postMessage(jobs.map((j) => draw(j, font)));
