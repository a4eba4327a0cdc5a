/** A post-build pass: the search index, written into the built site by Pagefind under pagefind/. */
import { createIndex } from 'pagefind';

/** Indexes `dist`, writes the index, and gives the number of pages indexed. */
export async function writeSearchIndex(dist: string): Promise<number> {
  const { index, errors } = await createIndex({
    rootSelector: 'html',
    // Tooltips, charts, code and table bodies (cells that Pagefind would run together) would only add noise to results; captions stay.
    // A property page's list of re-derivations names other properties: indexed, it made every property page a result for each.
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
      '[data-rederivation]',
    ],
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dist });
  if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: `${dist}/pagefind` });
  if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
  return added.page_count;
}
