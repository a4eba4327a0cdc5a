/**
 * Only our scripts ship: a <script> is refused unless the site writes it (src/site/own-scripts.ts, from the pages'
 * text), and so is a <meta http-equiv> other than the CSP or an `on*` attribute the site does not write. A JSON-LD
 * block passes when it is one JSON value.
 */
import type { Problem } from '../core/problem.ts';
import { attr, elementsWhere, isText, type HtmlElement } from '../core/html-tree.ts';
import { builtPages } from '../site/built-pages.ts';
import {
  OWN_EVENT_HANDLERS,
  OWN_INLINE_SCRIPTS,
  OWN_SCRIPT_FILES,
  VERIFY_PAGE,
  VERIFY_SCRIPT,
  scriptHash,
} from '../site/own-scripts.ts';
import { pageReader, type PageReader } from './html.ts';

const textOf = (el: HtmlElement) => el.children.map((c) => (isText(c) ? c.data : '')).join('');

export function checkOwnScripts(dist: string, base: string, read: PageReader = pageReader()): Problem[] {
  const files = new Set(OWN_SCRIPT_FILES.map((f) => `${base}${f}`));
  const problems: Problem[] = [];
  for (const page of builtPages(dist)) {
    const refuse = (place: string, message: string) => problems.push({ file: page.rel, place, message });
    for (const el of elementsWhere(read(page.path), () => true)) {
      for (const name of Object.keys(el.attribs)) {
        if (/^on/i.test(name) && !OWN_EVENT_HANDLERS.has(`${el.name}[${name}]`))
          refuse(
            `<${el.name} ${name}>`,
            `an event handler the site does not write (${JSON.stringify(el.attribs[name]!.slice(0, 80))}); only the site's own scripts run`,
          );
      }
      if (el.name === 'script') {
        const src = attr(el, 'src');
        const text = textOf(el);
        if (attr(el, 'type') === 'application/ld+json') {
          // A data block, which no browser runs: it must have no src and hold JSON only (the page metadata writes it so).
          let json = src === undefined;
          try {
            JSON.parse(text);
          } catch {
            json = false;
          }
          if (!json)
            refuse(
              '<script type="application/ld+json">',
              'a JSON-LD block that is not one JSON value written in the page; a data block holds data only',
            );
        } else if (src !== undefined) {
          const verifies =
            page.rel === VERIFY_PAGE &&
            attr(el, 'type') === 'module' &&
            src.startsWith(base) &&
            VERIFY_SCRIPT.test(src.slice(base.length));
          if ((!files.has(src) && !verifies) || text.trim() !== '')
            refuse(
              `<script src="${src}">`,
              `a script the site does not load (its own are ${[...files].join(', ')}); only the site's own scripts run`,
            );
        } else if (!OWN_INLINE_SCRIPTS.has(scriptHash(text))) {
          refuse(
            '<script>',
            `an inline script that is none of the site's own (src/site/own-scripts.ts): ${JSON.stringify(text.trim().slice(0, 80))}`,
          );
        }
      }
      const equiv = attr(el, 'http-equiv');
      if (el.name === 'meta' && equiv !== undefined && equiv.trim().toLowerCase() !== 'content-security-policy') {
        refuse(
          `<meta http-equiv="${equiv}">`,
          `a meta http-equiv the site does not write${equiv.trim().toLowerCase() === 'refresh' ? ' (a refresh would send the reader elsewhere)' : ''}; only the Content-Security-Policy is set that way`,
        );
      }
    }
  }
  return problems;
}
