/**
 * The re-derivations' source files, highlighted by Shiki for the method page.
 *
 * Highlighting them is the most expensive render of the build (Shiki's grammar
 * warms up on the first few hundred lines: about 1.8 s of CPU), so the build starts
 * it in a worker thread as soon as the audit is admitted, while Vite bundles the
 * pages, and the method page awaits the result. Rendered anywhere else (a test,
 * say), the page highlights in its own thread: the output is the same.
 *
 * Each result is kept in a content-addressed cache (node_modules/.cache/highlight),
 * keyed by the file's bytes, the options and the package.json of Shiki and of each
 * of its @shikijs packages, so a build whose sources did not change starts no worker.
 * Whatever its origin, cached or fresh, a result is used only if its text is
 * exactly the file's: the method page never shows code other than the file's own.
 */
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import { processSlot } from '../../core/process-slot.ts';

const started = processSlot<Promise<Record<string, string>>>('highlighted-sources');

/** The options every file is highlighted with; part of the cache key. */
const OPTIONS = { lang: 'ts', themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false } as const;
/** Bump when what a cache entry holds changes meaning (this module's own code is not hashed). */
const FORMAT = 1;

/** The text a file is shown as: its content with LF line ends (Shiki drops a CR) and without the final newline. */
const shownAs = (source: string) => source.replaceAll('\r\n', '\n').replace(/\n$/, '');

/** Shiki's HTML for each file (paths relative to `root`), both themes as CSS variables. */
export async function highlightFiles(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const { codeToHtml } = await import('shiki');
  const out: Record<string, string> = {};
  for (const file of files) out[file] = await codeToHtml(shownAs(readFileSync(join(root, file), 'utf8')), OPTIONS);
  return out;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text a reader sees in highlighted HTML: tags dropped, character references decoded. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

/** Shiki's packages as installed: a different version of any of them is a different cache key. */
function toolkit(): string {
  const shiki = findPackageJSON('shiki', import.meta.url);
  if (shiki === undefined) throw new Error('shiki is not installed');
  const scope = join(dirname(dirname(shiki)), '@shikijs');
  const hash = createHash('sha256').update(readFileSync(shiki));
  for (const name of readdirSync(scope).sort()) hash.update(`\0${name}\0`).update(readFileSync(join(scope, name, 'package.json')));
  return hash.digest('hex');
}

interface Entry {
  readonly file: string;
  readonly source: string;
  readonly path: string;
}

/** Where each file's result is or would be cached. */
function entries(root: string, files: readonly string[], cacheDir: string): Entry[] {
  const kit = toolkit();
  return files.map((file) => {
    const source = shownAs(readFileSync(join(root, file), 'utf8'));
    const key = createHash('sha256').update(`${FORMAT}\0${kit}\0${JSON.stringify(OPTIONS)}\0`).update(source).digest('hex');
    return { file, source, path: join(cacheDir, `${key}.html`) };
  });
}

function cached(entry: Entry): string | undefined {
  let html: string;
  try {
    html = readFileSync(entry.path, 'utf8');
  } catch {
    return undefined;
  }
  return textOf(html) === entry.source ? html : undefined;
}

function store(entry: Entry, html: string): void {
  const tmp = `${entry.path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(entry.path), { recursive: true });
    writeFileSync(tmp, html);
    renameSync(tmp, entry.path);
  } catch {
    // A cache: a read-only tree only means the next build highlights again.
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Starts highlighting `files`: what the cache holds is read now, the rest is highlighted
 * in a worker thread and then cached; `highlighted` waits for all of it.
 */
export function startHighlighting(root: string, files: readonly string[], cacheDir = join(root, 'node_modules/.cache/highlight')): void {
  let answer: Promise<Record<string, string>>;
  try {
    const all = entries(root, files, cacheDir);
    const out: Record<string, string> = {};
    const missing: Entry[] = [];
    for (const e of all) {
      const html = cached(e);
      if (html === undefined) missing.push(e);
      else out[e.file] = html;
    }
    answer = missing.length === 0 ? Promise.resolve(out) : inWorker(root, missing).then((fresh) => ({ ...out, ...fresh }));
  } catch (e) {
    answer = Promise.reject(e);
  }
  // A failure is reported where a page awaits it; until then it is not an unhandled rejection.
  answer.catch(() => {});
  started.set(answer);
}

function inWorker(root: string, missing: readonly Entry[]): Promise<Record<string, string>> {
  const worker = new Worker(new URL('./highlight-source.worker.ts', import.meta.url), { workerData: { root, files: missing.map((e) => e.file) } });
  worker.unref();
  return new Promise<Record<string, string>>((resolve, reject) => {
    worker.once('message', (fresh: Record<string, string>) => {
      for (const e of missing) {
        const html = fresh[e.file];
        // The worker reads the file itself: one changed since its key was taken must not be cached under that key.
        if (html === undefined || textOf(html) !== e.source) {
          reject(new Error(`the highlighted ${e.file} does not show the file's text (did it change during the build?)`));
          return;
        }
        store(e, html);
      }
      resolve(fresh);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the highlighting worker stopped (exit code ${code}) before it answered`)));
  });
}

/** The highlighted HTML of one file: from the build's cache or worker when it started them, else highlighted here. */
export async function highlighted(root: string, file: string): Promise<string> {
  const answer = started.get();
  const all = answer ? await answer : await highlightFiles(root, [file]);
  const html = all[file];
  if (html === undefined) throw new Error(`${file} was not highlighted: the build's worker was given ${Object.keys(all).join(', ')}`);
  return html;
}
