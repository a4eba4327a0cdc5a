/** The one HTML reader the guards use on built pages: a standards DOM (linkedom), never regular expressions. */
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';

/** Reads a built page from disk, parsed; a reader made by `pageReader` parses each file once. */
export type PageReader = (file: string) => Document;

/**
 * A reader that parses each page once for every guard that looks at it. Only for
 * pages no pass will rewrite any more: the guards run after the passes.
 */
export function pageReader(): PageReader {
  const documents = new Map<string, Document>();
  return (file) => {
    let d = documents.get(file);
    if (!d) documents.set(file, (d = readHtml(readFileSync(file, 'utf8'))));
    return d;
  };
}

export function readHtml(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}
