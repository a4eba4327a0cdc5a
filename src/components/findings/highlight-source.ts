/**
 * The re-derivations' source files, highlighted by Shiki for the method page.
 *
 * Highlighting them is the most expensive render of the build (Shiki's grammar
 * warms up on the first few hundred lines), so the build starts it in a worker
 * thread as soon as the audit is admitted, while Vite bundles the pages, and the
 * method page awaits the result. Rendered anywhere else (a test, say), the page
 * highlights in its own thread: the output is the same.
 */
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processSlot } from '../../core/process-slot.ts';

const started = processSlot<Promise<Record<string, string>>>('highlighted-sources');

/** Shiki's HTML for each file (paths relative to `root`), both themes as CSS variables. */
export async function highlightFiles(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const { codeToHtml } = await import('shiki');
  const out: Record<string, string> = {};
  for (const file of files) {
    out[file] = await codeToHtml(readFileSync(join(root, file), 'utf8').replace(/\n$/, ''), {
      lang: 'ts',
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
    });
  }
  return out;
}

/** Starts highlighting `files` in a worker thread; `highlighted` waits for it. */
export function startHighlighting(root: string, files: readonly string[]): void {
  const worker = new Worker(new URL('./highlight-source.worker.ts', import.meta.url), { workerData: { root, files } });
  worker.unref();
  const answer = new Promise<Record<string, string>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the highlighting worker stopped (exit code ${code}) before it answered`)));
  });
  // A failure is reported where a page awaits it; until then it is not an unhandled rejection.
  answer.catch(() => {});
  started.set(answer);
}

/** The highlighted HTML of one file: from the worker when the build started one, else highlighted here. */
export async function highlighted(root: string, file: string): Promise<string> {
  const answer = started.get();
  const all = answer ? await answer : await highlightFiles(root, [file]);
  const html = all[file];
  if (html === undefined) throw new Error(`${file} was not highlighted: the build's worker was given ${Object.keys(all).join(', ')}`);
  return html;
}
