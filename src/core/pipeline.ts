/** The folders of src/ in the order data flows: a file imports its own folder and those before it (tests/unit/imports.test.ts). */
export const PIPELINE = [
  ['core', 'what every layer shares: names, the one problem type, Python rounding, the HTML reader'],
  ['site', "the site's settings, its address and base path, its own revision, its security policy"],
  ['admission', 'the artifacts brought in, read, checked against the lock and admitted'],
  ['rederive', "the artifacts' figures recomputed from the data by our own code"],
  ['audit', 'the admitted, re-derived audit, assembled once per process; its sources highlighted'],
  ['provenance', 'a figure together with where it came from, and the one way figures are formatted'],
  ['measures', 'figures derived from the audit, and the conclusions the prose states'],
  ['tables', 'tables as data, each cell a figure'],
  ['charts', 'charts drawn by Observable Plot from the same data'],
  ['findings', 'each finding described once (its tables and charts), properties, citations, evidence packets'],
  ['styles', 'the stylesheet'],
  ['components', 'the Astro components that render figures, tables, charts and findings'],
  ['layouts', 'the page frame'],
  ['verify', "the reader's own check on /verify/: the build's admission and re-derivations, run in the browser"],
  ['pages', 'the routes: pages, CSV downloads, evidence packets'],
  ['passes', 'rewrites of the built pages: census, print references, script hashes, search index'],
  ['guards', 'checks over the prose and the built pages; any problem stops the build'],
  [
    'integration',
    'the build itself, as an Astro integration: admit, check the prose, then pass and guard the built site',
  ],
] as const satisfies readonly (readonly [folder: string, holds: string])[];
