/** HTML read as a tree (htmlparser2's): the one reader for HTML the site wrote. */
import { DomUtils, parseDocument } from 'htmlparser2';

export type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlNode = HtmlDocument['children'][number];
export type HtmlElement = Extract<HtmlNode, { attribs: Record<string, string> }>;

/** Parses as a browser reads a page: tag and attribute names lower-cased, character references decoded. */
export function readHtml(html: string): HtmlDocument {
  return parseDocument(html);
}

/** An attribute's value, or undefined when the element has none (never a name inherited from Object). */
export function attr(el: HtmlElement, name: string): string | undefined {
  return Object.hasOwn(el.attribs, name) ? el.attribs[name] : undefined;
}

/** Each document's elements in document order, walked once however many checks ask: the trees read here are never changed. */
const elementsOf = new WeakMap<HtmlDocument, HtmlElement[]>();

/** Every element under `root` (a document or an element) that passes `test`, in document order. */
export function elementsWhere(root: HtmlDocument | HtmlElement, test: (el: HtmlElement) => boolean): HtmlElement[] {
  if (!DomUtils.isDocument(root)) return DomUtils.findAll(test, root.children) as HtmlElement[];
  let all = elementsOf.get(root);
  if (!all) elementsOf.set(root, (all = DomUtils.findAll(() => true, root.children) as HtmlElement[]));
  return all.filter(test);
}

export const { isDocument, isTag, isText } = DomUtils;

/** The text under a node, as htmlparser2's own helper reads it. */
export const textOf = (node: HtmlNode): string => DomUtils.textContent(node);

/** Whether an element's class list holds `name`. */
export const hasClass = (el: HtmlElement, name: string): boolean =>
  (attr(el, 'class') ?? '').split(/\s+/).includes(name);
