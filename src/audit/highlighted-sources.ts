/**
 * The re-derivations' source files, highlighted by Shiki for the method page.
 *
 * The build starts highlighting in a worker thread when Astro starts, before the audit is
 * admitted (src/integration/start-early.ts), and the method page awaits the result;
 * rendered anywhere else (a test, say), the page highlights in its own thread. Either way
 * the same function makes the HTML, on every build: nothing is kept between builds. A
 * result is used only if it has exactly the shape Shiki writes (one pre, one code, lines
 * of spans coloured by the themes' variables, nothing else: no style sheet, script or
 * hiding) and its text is exactly the file's, so the method page never shows code other
 * than the file's own.
 */
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attr, isTag, readHtml, type HtmlElement } from '../core/html-tree.ts';
import { processSlot } from '../core/process-slot.ts';

const started = processSlot<Promise<Record<string, string>>>('highlighted-sources');

/**
 * No time limit on a line's tokenising: Shiki's default (500 ms) gives up mid-line on a busy
 * machine and colours the rest as it stands, so the same source could highlight two ways.
 */
const OPTIONS = {
  lang: 'ts',
  themes: { light: 'github-light', dark: 'github-dark' },
  defaultColor: false,
  tokenizeTimeLimit: 0,
} as const;

/** The text a file is shown as: its content with LF line ends (Shiki drops a CR) and without the final newline. */
const shownAs = (source: string) => source.replaceAll('\r\n', '\n').replace(/\n$/, '');

/**
 * Shiki's core with the one grammar and two themes the page uses: the grammar as Shiki
 * publishes it precompiled to JavaScript regular expressions, run by its raw JavaScript
 * engine, so no pattern is translated from Oniguruma's syntax on each build. The same HTML
 * as Shiki's full bundle with its own grammar (tested), without loading every grammar it ships.
 */
async function highlighter() {
  const [{ createHighlighterCore }, { createJavaScriptRawEngine }] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
  ]);
  return createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [import('@shikijs/langs-precompiled/typescript')],
    engine: createJavaScriptRawEngine(),
  });
}

/** A file to show: its path (relative to the project) and its text as read when the build started. */
export interface Source {
  readonly file: string;
  readonly source: string;
}

/** Each source's highlighted HTML, refused unless it shows exactly the source's text in Shiki's shape. */
export async function highlightSources(sources: readonly Source[]): Promise<Record<string, string>> {
  const shiki = await highlighter();
  const out: Record<string, string> = {};
  for (const { file, source } of sources) {
    const html = shiki.codeToHtml(source, OPTIONS);
    if (shownCode(html) !== source)
      throw new Error(`the highlighted ${file} does not show the file's text in Shiki's shape`);
    out[file] = html;
  }
  return out;
}

const read = (root: string, files: readonly string[]): Source[] =>
  files.map((file) => ({ file, source: shownAs(readFileSync(join(root, file), 'utf8')) }));

/** Shiki's HTML for each file (paths relative to `root`), both themes as CSS variables, made in this thread. */
export const highlightFiles = (root: string, files: readonly string[]) => highlightSources(read(root, files));

/** A colour as the themes give it, or `inherit`/a font keyword for the style variables Shiki may add. */
const STYLE =
  /^(--shiki-(light|dark)(-bg|-font-style|-font-weight|-text-decoration)?:(#[0-9a-fA-F]{3,8}|[a-z-]+)(;|$))+$/;
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
  const preOk = hasOnly(pre, {
    class: (v) => v === 'shiki shiki-themes github-light github-dark',
    style: (v) => STYLE.test(v),
    tabindex: (v) => v === '0',
  });
  const code = pre.children[0];
  if (
    !preOk ||
    pre.children.length !== 1 ||
    !code ||
    !isTag(code) ||
    code.name !== 'code' ||
    Object.keys(code.attribs).length > 0
  )
    return undefined;
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

/** Starts highlighting `files` in a worker thread: the files are read here, now; `highlighted` waits for the result. */
export function startHighlighting(root: string, files: readonly string[]): void {
  let answer: Promise<Record<string, string>>;
  try {
    answer = inWorker(read(root, files));
  } catch (e) {
    answer = Promise.reject(e);
  }
  // A failure is reported where a page awaits it; until then it is not an unhandled rejection.
  answer.catch(() => {});
  started.set(answer);
}

function inWorker(sources: readonly Source[]): Promise<Record<string, string>> {
  const worker = new Worker(new URL('./highlighted-sources.worker.ts', import.meta.url), { workerData: { sources } });
  worker.unref();
  return new Promise<Record<string, string>>((resolve, reject) => {
    worker.once('message', (answer: { ok: Record<string, string> } | { error: string }) =>
      'ok' in answer ? resolve(answer.ok) : reject(new Error(answer.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the highlighting worker stopped (exit code ${code}) before it answered`)),
    );
  });
}

/** The highlighted HTML of one file: from the build's worker when the build started it, else highlighted here. */
export async function highlighted(root: string, file: string): Promise<string> {
  const answer = started.get();
  const all = answer ? await answer : await highlightFiles(root, [file]);
  const html = all[file];
  if (html === undefined)
    throw new Error(`${file} was not highlighted: the build's worker was given ${Object.keys(all).join(', ')}`);
  return html;
}
