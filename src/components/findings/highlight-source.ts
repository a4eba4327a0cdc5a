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
 * keyed by the file's text, the options and npm's record of every installed package
 * (node_modules/.package-lock.json), so a build whose sources and packages did not
 * change loads no Shiki; the worker still reads and checks the entries, off the build's
 * thread (about 60 ms of parsing). Whatever its origin, cached or fresh, a result is used only
 * if it has exactly the shape Shiki writes (one pre, one code, lines of spans coloured
 * by the themes' variables, nothing else: no style sheet, script or hiding) and its
 * text is exactly the file's: the method page never shows code other than the file's own.
 */
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evictUnused, writeCacheFile } from '../../core/cache-files.ts';
import { attr, isTag, readHtml, type HtmlElement } from '../../core/html-tree.ts';
import { installedDigest } from '../../core/installed.ts';
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

/** A colour as the themes give it, or `inherit`/a font keyword for the style variables Shiki may add. */
const STYLE = /^(--shiki-(light|dark)(-bg|-font-style|-font-weight|-text-decoration)?:(#[0-9a-fA-F]{3,8}|[a-z-]+)(;|$))+$/;
/** Whether every attribute `el` has is one `allowed` names, with a value it accepts. */
const hasOnly = (el: HtmlElement, allowed: Record<string, (v: string) => boolean>) =>
  Object.keys(el.attribs).every((k) => Object.hasOwn(allowed, k) && allowed[k]!(attr(el, k)!));

/**
 * The code a highlighted block shows, read from its tree, or undefined unless the block
 * has exactly the shape Shiki writes: <pre class style tabindex><code> holding lines
 * (<span class="line">) of <span style> tokens, text and newlines only. Anything else
 * (a style sheet, a script, a class of ours, an attribute that could hide a token) is
 * refused, so the text read here is the text a reader sees.
 */
export function shownCode(html: string): string | undefined {
  const top = readHtml(html).children;
  const pre = top[0];
  if (top.length !== 1 || !pre || !isTag(pre) || pre.name !== 'pre') return undefined;
  const preOk = hasOnly(pre, { class: (v) => v === 'shiki shiki-themes github-light github-dark', style: (v) => STYLE.test(v), tabindex: (v) => v === '0' });
  const code = pre.children[0];
  if (!preOk || pre.children.length !== 1 || !code || !isTag(code) || code.name !== 'code' || Object.keys(code.attribs).length > 0) return undefined;
  let text = '';
  for (const line of code.children) {
    if (line.type === 'text') {
      if (line.data !== '\n') return undefined;
      text += '\n';
      continue;
    }
    if (!isTag(line) || line.name !== 'span' || !hasOnly(line, { class: (v) => v === 'line' })) return undefined;
    for (const token of line.children) {
      if (!isTag(token) || token.name !== 'span' || !hasOnly(token, { style: (v) => STYLE.test(v) })) return undefined;
      for (const t of token.children) {
        if (t.type !== 'text') return undefined;
        text += t.data;
      }
    }
  }
  return text;
}

/** A file to show: its path (relative to the project) and its text as read when the build started. */
export interface Source {
  readonly file: string;
  readonly source: string;
}

interface Entry extends Source {
  /** Where its result is cached; undefined when nothing can be (npm's record of the installed packages is missing). */
  readonly path: string | undefined;
}

/** Where each file's result is or would be cached. */
function entries(sources: readonly Source[], cacheDir: string): Entry[] {
  const kit = installedDigest('shiki');
  return sources.map(({ file, source }) => {
    const key = createHash('sha256').update(`${FORMAT}\0${kit}\0${JSON.stringify(OPTIONS)}\0`).update(source).digest('hex');
    return { file, source, path: kit === undefined ? undefined : join(cacheDir, `${key}.html`) };
  });
}

function cached(entry: Entry): string | undefined {
  if (entry.path === undefined) return undefined;
  let html: string;
  try {
    html = readFileSync(entry.path, 'utf8');
  } catch {
    return undefined;
  }
  return shownCode(html) === entry.source ? html : undefined;
}

/**
 * Each source's highlighted HTML: from the cache when an entry there has Shiki's shape
 * and shows exactly this text, otherwise highlighted now (the text given, never the
 * file read again, so what is cached under a key is that key's text) and cached.
 * Runs in the worker thread of highlight-source.worker.ts.
 */
export async function resolveHighlights(sources: readonly Source[], cacheDir: string): Promise<Record<string, string>> {
  const all = entries(sources, cacheDir);
  const out: Record<string, string> = {};
  const missing = all.filter((e) => {
    const html = cached(e);
    if (html !== undefined) out[e.file] = html;
    return html === undefined;
  });
  if (missing.length === 0) return out;
  const { codeToHtml } = await import('shiki');
  for (const e of missing) {
    const html = await codeToHtml(e.source, OPTIONS);
    if (shownCode(html) !== e.source) throw new Error(`the highlighted ${e.file} does not show the file's text in Shiki's shape`);
    if (e.path !== undefined) writeCacheFile(e.path, html);
    out[e.file] = html;
  }
  evictUnused(cacheDir, /^[0-9a-f]{64}\.html$/, new Set(all.map((e) => e.path).filter((p) => p !== undefined)));
  return out;
}

/**
 * Starts highlighting `files` in a worker thread: the files are read here, now; the
 * worker looks each up in the cache (reading and checking an entry is a parse of its
 * HTML, kept off the build's thread), highlights the rest and caches them;
 * `highlighted` waits for all of it.
 */
export function startHighlighting(root: string, files: readonly string[], cacheDir = join(root, 'node_modules/.cache/highlight')): void {
  let answer: Promise<Record<string, string>>;
  try {
    const sources: Source[] = files.map((file) => ({ file, source: shownAs(readFileSync(join(root, file), 'utf8')) }));
    answer = inWorker(sources, cacheDir);
  } catch (e) {
    answer = Promise.reject(e);
  }
  // A failure is reported where a page awaits it; until then it is not an unhandled rejection.
  answer.catch(() => {});
  started.set(answer);
}

function inWorker(sources: readonly Source[], cacheDir: string): Promise<Record<string, string>> {
  const worker = new Worker(new URL('./highlight-source.worker.ts', import.meta.url), { workerData: { sources, cacheDir } });
  worker.unref();
  return new Promise<Record<string, string>>((resolve, reject) => {
    worker.once('message', (answer: { ok: Record<string, string> } | { error: string }) => ('ok' in answer ? resolve(answer.ok) : reject(new Error(answer.error))));
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
