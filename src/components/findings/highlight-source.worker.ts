/** The worker thread of highlight-source.ts: highlights the files it is given and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { highlightFiles } from './highlight-source.ts';

const { root, files } = workerData as { root: string; files: string[] };
parentPort!.postMessage(await highlightFiles(root, files));
