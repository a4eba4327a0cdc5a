/**
 * The one HTML reader the guards use on built pages: a parsed tree (src/core/html-tree.ts),
 * never regular expressions, and not a full DOM, which the guards do not need.
 */
import { readFileSync } from 'node:fs';
import { readHtml, type HtmlDocument } from '../core/html-tree.ts';

/** Reads a built page from disk, parsed; a reader made by `pageReader` parses each file once. */
export type PageReader = (file: string) => HtmlDocument;

/**
 * A reader that parses each page once for every guard that looks at it. Only for
 * pages no pass will rewrite any more: the guards run after the passes.
 */
export function pageReader(): PageReader {
  const documents = new Map<string, HtmlDocument>();
  return (file) => {
    let d = documents.get(file);
    if (!d) documents.set(file, (d = readHtml(readFileSync(file, 'utf8'))));
    return d;
  };
}
