/**
 * A post-build pass: each external link in a page's main content numbered (one per address) for print, and the
 * list of addresses appended, shown only in print; marked as a source so the figure check passes over it.
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
