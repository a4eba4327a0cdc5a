/**
 * The one HTML reader the guards use on built pages: a parsed tree, never regular
 * expressions. htmlparser2's tree, not a browser DOM: linkedom builds its DOM from
 * this very parser's events, so the elements, attributes and text are the same, and
 * the guards need nothing more; building the DOM cost about three times the parse
 * (some 300 ms a build).
 */
import { readFileSync } from 'node:fs';
import { DomUtils, parseDocument } from 'htmlparser2';

export type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlNode = HtmlDocument['children'][number];
export type HtmlElement = Extract<HtmlNode, { attribs: Record<string, string> }>;

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

/** Parses as a browser reads a page: tag and attribute names lower-cased, character references decoded. */
export function readHtml(html: string): HtmlDocument {
  return parseDocument(html);
}

/** An attribute's value, or undefined when the element has none (never a name inherited from Object). */
export function attr(el: HtmlElement, name: string): string | undefined {
  return Object.hasOwn(el.attribs, name) ? el.attribs[name] : undefined;
}

/** Every element under `root` that passes `test`, in document order. */
export function elementsWhere(root: HtmlDocument, test: (el: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(test, root.children) as HtmlElement[];
}

export const { isDocument, isTag, isText } = DomUtils;
