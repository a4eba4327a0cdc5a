/**
 * A post-build pass: the search index, written into the built site by Pagefind once
 * the pages exist. Pagefind indexes in a process of its own, so the build starts it
 * and checks the pages meanwhile; it reads the pages and writes only under pagefind/.
 */
import { createIndex } from 'pagefind';

/** Starts indexing `dist`; the function it returns waits for the index, writes it, and gives the number of pages indexed. */
export async function startSearchIndex(dist: string): Promise<() => Promise<number>> {
  const { index, errors } = await createIndex({
    rootSelector: 'html',
    // Tooltips, charts, code and table bodies (cells that Pagefind would run together) would only add noise to results; captions stay.
    excludeSelectors: [
      '.table-scroll',
      '.fig-p',
      '.chart-svg',
      'nav.toc',
      '.prov-note',
      'pre',
      '.legend',
      '.anchor',
      'ul.leaves',
      '.cond',
      '.skip',
    ],
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const adding = index.addDirectory({ path: dist });
  // Reported when the caller finishes; until then not an unhandled rejection.
  adding.catch(() => {});
  return async () => {
    const added = await adding;
    if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: `${dist}/pagefind` });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    return added.page_count;
  };
}
