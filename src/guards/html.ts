/** The one HTML reader the guards use on built pages: a standards DOM (linkedom), never regular expressions. */
import { parseHTML } from 'linkedom';

export function readHtml(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}
