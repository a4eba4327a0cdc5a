/** The worker thread of highlighted-sources.ts: highlights the sources it is given and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { highlightSources, type Source } from './highlighted-sources.ts';

const { sources } = workerData as { sources: Source[] };
try {
  parentPort!.postMessage({ ok: await highlightSources(sources) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
