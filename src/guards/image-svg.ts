/**
 * What an image may hold before resvg draws it: nothing resvg (XML) and the figure check (HTML) read differently
 * (a doctype, CDATA, a processing instruction), and nothing resvg would load from the machine.
 */
import type { Problem } from '../core/problem.ts';
import { attr, elementsWhere, readHtml, textOf, type HtmlDocument } from '../core/html-tree.ts';

const MARKUP: readonly [RegExp, string][] = [
  [/<!DOCTYPE/i, 'a document type declaration (its entities would be drawn without being checked)'],
  [/<!ENTITY/i, 'an entity declaration (drawn without being checked)'],
  [/<!\[CDATA\[/i, 'a CDATA section (drawn, but not read by the figure check)'],
  [/<\?(?!xml[\s?])/i, 'a processing instruction'],
];
/** A reference inside the image itself (#id) is all an image of ours uses. */
const external = (v: string) => !v.trim().startsWith('#');
const URL_REF = /url\(\s*(['"]?)(?!#)/i;

/** Problems with one image's SVG source; `file` names it as the guards do (relative to dist/); `document` is the source parsed, when the caller has it. */
export function unsafeSvg(svg: string, file: string, document: HtmlDocument = readHtml(svg)): Problem[] {
  const out: Problem[] = MARKUP.filter(([re]) => re.test(svg)).map(([, what]) => ({
    file,
    place: '',
    message: `an image drawn from data must not hold ${what}`,
  }));
  for (const e of elementsWhere(document, (x) => x.name === 'image' || x.name === 'feimage')) {
    out.push({
      file,
      place: `<${e.name}>`,
      message: `an image drawn from data must not embed another image (resvg would load ${JSON.stringify(attr(e, 'href') ?? attr(e, 'xlink:href') ?? '')} into the PNG)`,
    });
  }
  for (const e of elementsWhere(document, () => true)) {
    for (const name of ['href', 'xlink:href']) {
      const v = attr(e, name);
      if (v !== undefined && external(v))
        out.push({
          file,
          place: `<${e.name} ${name}>`,
          message: `an image drawn from data may point only inside itself (#id); found ${JSON.stringify(v.slice(0, 80))}`,
        });
    }
    const style = attr(e, 'style');
    if (style !== undefined && URL_REF.test(style))
      out.push({
        file,
        place: `<${e.name} style>`,
        message: 'an image drawn from data may use url() only for its own #ids',
      });
    if (e.name === 'style') {
      const css = textOf(e);
      if (URL_REF.test(css) || /@import/i.test(css))
        out.push({
          file,
          place: '<style>',
          message:
            'an image drawn from data may not load anything from its style sheet (url() other than #id, or @import)',
        });
    }
  }
  return out;
}
