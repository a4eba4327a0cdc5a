/** The worker thread of highlight-source.ts: resolves the sources it is given (cache, else Shiki) and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { resolveHighlights, type Source } from './highlight-source.ts';

const { sources, cacheDir } = workerData as { sources: Source[]; cacheDir: string };
try {
  parentPort!.postMessage({ ok: await resolveHighlights(sources, cacheDir) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
