/** The guards read built pages as parsed trees (src/core/html-tree.ts), never with regular expressions. */
import { readFileSync } from 'node:fs';
import { readHtml, type HtmlDocument } from '../core/html-tree.ts';

/** Reads a built page from disk, parsed; a reader made by `pageReader` parses each file once. */
export type PageReader = (file: string) => HtmlDocument;

/** Parses each page once for every guard; only for pages no pass rewrites any more (the guards run last). */
export function pageReader(): PageReader {
  const documents = new Map<string, HtmlDocument>();
  return (file) => {
    let d = documents.get(file);
    if (!d) documents.set(file, (d = readHtml(readFileSync(file, 'utf8'))));
    return d;
  };
}
