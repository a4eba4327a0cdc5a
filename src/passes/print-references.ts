/**
 * A post-build pass: links printed as references. Each external link in a page's main
 * content gets a number (one per address, in order of first use) that the print
 * stylesheet shows after it, and the page gets a list of those addresses, shown only
 * in print, so long URLs never print inline. The figure check, which runs on the
 * finished pages, passes over the list: it is addresses, not figures (it is marked as
 * such, and kept out of the search index).
 */

/** One page with its external links numbered and the list appended; the same string when it links nowhere outside. */
export function addPrintReferences(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!main) return html;
  const numbers = new Map<string, number>();
  const body = main[1]!.replace(
    /<a\b([^>]*?)\shref="(https?:\/\/[^"]+)"([^>]*)>/g,
    (_, before: string, url: string, after: string) => {
      if (!numbers.has(url)) numbers.set(url, numbers.size + 1);
      return `<a${before} href="${url}"${after} data-ref="${numbers.get(url)}">`;
    },
  );
  if (numbers.size === 0) return html;
  const list = [...numbers.keys()].map((url) => `<li>${url}</li>`).join('');
  const refs = `<section class="print-refs" aria-hidden="true" data-pagefind-ignore data-fig="source"><p class="refs-title">References</p><ol>${list}</ol></section>`;
  return (
    html.slice(0, main.index) + main[0].replace(main[1]!, () => body + refs) + html.slice(main.index + main[0].length)
  );
}
