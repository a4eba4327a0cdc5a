/** Tables about the audit as a whole: the verdicts, the counts of files and errors, the committed files, the artifacts. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { inventory } from '../measures/inventory.ts';
import { NAMED_DERIVATIONS } from '../measures/named.ts';
import { fromLock, keyWords, leaf, type Figure } from '../provenance/provenance.ts';
import { downloadBase } from '../admission/settings.ts';
import type { TableSpec } from './spec.ts';
import { say, type StringKey } from '../core/strings.ts';
import type { ArtifactPath } from '../admission/schemas.ts';

const DC = 'results/datacheck.json';

/** The heading on each property page that says what the audit's figures count (content/properties/*.mdx). */
const COUNTS_ANCHOR = 'what-the-audits-figures-count';

const lockIndex = (a: Audit, path: string) => a.lock.files.findIndex((f) => f.path === path);

export function verdictsTable(a: Audit): TableSpec {
  return {
    id: 'table-verdicts',
    caption: say('tables/site.caption'),
    table: {
      columns: [
        { label: 'property' },
        { label: say('tables/site.label') },
        { label: 'verdict' },
        { label: say('tables/site.how-far-off') },
        { label: say('tables/site.counts-column') },
      ],
      rows: a.properties.map((p) => {
        const at = (k: string) =>
          ({ type: 'artifact', file: p.file, pointer: toPointer(['properties', p.name, k]) }) as const;
        return [
          {
            link: {
              to: `properties/${p.name.toLowerCase()}/`,
              text: keyWords(p.file, toPointer(['properties', p.name])),
            },
          },
          { words: { text: p.claim, source: at('claim') }, as: 'quote' },
          { verdict: p.verdict, source: at('verdict') },
          { words: { text: p.magnitude, source: at('magnitude') }, as: 'quote' },
          {
            link: { to: `properties/${p.name.toLowerCase()}/#${COUNTS_ANCHOR}`, text: say('tables/site.counts-link') },
          },
        ];
      }),
    },
  };
}

/**
 * Which count of gold files, traces and errors is which: the pages print several, and each row says what
 * it counts, per split where the source counts per split. Every cell is a leaf or a named derivation.
 */
export function fileCountsTable(a: Audit): TableSpec {
  const splits = Object.keys(a.adversarial.splits);
  const d = (...path: string[]) => leaf(a, DC, toPointer(path), 'count');
  const named = (n: keyof typeof NAMED_DERIVATIONS) => NAMED_DERIVATIONS[n](a);
  // Each row: what it counts, where each split's count is (none where the source gives only a total), the total.
  const rows: [string, ((s: string) => readonly [ArtifactPath, string[]]) | undefined, Figure][] = [
    ['on-disk', (s) => ['results/adversarial.json', ['splits', s, 'gold_files']], d('gold_files', 'on_disk')],
    ['scored', (s) => ['results/adversarial.json', ['splits', s, 'gold_files_scored']], d('gold_files', 'parsed')],
    ['index', (s) => ['index/spans.json', ['summary', s, 'traces']], named('table-5/total-here-traces')],
    ['table-5-traces', (s) => [DC, ['splits', s, 'paper', 'traces']], named('table-5/total-paper-traces')],
    ['abstract-traces', undefined, d('paper_prose', 'traces')],
    ['errors', (s) => [DC, ['splits', s, 'here', 'errors']], named('table-5/total-here-errors')],
    ['table-5-errors', (s) => [DC, ['splits', s, 'paper', 'errors']], named('table-5/total-paper-errors')],
    ['abstract-errors', undefined, d('paper_prose', 'errors')],
  ];
  return {
    id: 'table-file-counts',
    caption: say('tables/site.file-counts.caption'),
    table: {
      columns: [
        { label: say('tables/site.file-counts.what') },
        ...splits.map((s) => ({ label: keyWords(DC, toPointer(['splits', s])), numeric: true })),
        { label: say('tables/site.file-counts.both'), numeric: true },
      ],
      rows: rows.map(([what, at, both]) => [
        { label: say(`tables/site.file-counts.${what}` as StringKey) },
        ...splits.map((s) =>
          at ? { fig: leaf(a, at(s)[0], toPointer(at(s)[1]), 'count') } : { empty: true as const },
        ),
        { fig: both },
      ]),
    },
  };
}

export function committedFilesTable(a: Audit): TableSpec {
  return {
    id: 'table-committed-files',
    caption: say('tables/site.artifacts-counted'),
    table: {
      columns: [
        { label: 'file' },
        { label: 'bytes', numeric: true },
        { label: 'distinct strings', numeric: true },
        { label: 'identifiers', numeric: true },
        { label: "TRAIL's own words", numeric: true },
        { label: say('tables/site.longer-than-three'), numeric: true },
      ],
      rows: inventory(a).map((r) => [
        { ident: r.file, source: { type: 'lock', pointer: `/files/${lockIndex(a, r.file)}/path` } },
        { fig: r.bytes },
        { fig: r.distinct },
        { fig: r.identifiers },
        { fig: r.upstream },
        { fig: r.longer },
      ]),
    },
  };
}

export function artifactsTable(a: Audit): TableSpec {
  return {
    id: 'table-artifacts',
    caption: 'The admitted artifacts',
    table: {
      columns: [
        { label: 'file' },
        { label: 'bytes', numeric: true },
        { label: 'SHA-256 of the bytes' },
        { label: 'audit commit' },
        { label: 'in the repository' },
        { label: 'the file' },
      ],
      rows: a.lock.files.map((f, i) => [
        { ident: f.path, source: { type: 'lock', pointer: `/files/${i}/path` } },
        { fig: fromLock(a, `/files/${i}/bytes`, 'count') },
        { ident: f.sha256, source: { type: 'lock', pointer: `/files/${i}/sha256` }, short: 16 },
        { ident: f.commit, source: { type: 'lock', pointer: `/files/${i}/commit` }, short: 12 },
        { link: { to: `https://github.com/${f.repository}/blob/${f.commit}/${f.path}`, text: 'view' } },
        // The public raw host, whichever host (a loopback stand-in in the rehearsal) this build downloaded from.
        { link: { to: `${downloadBase({})}${f.repository}/${f.commit}/${f.path}`, text: 'download' } },
      ]),
    },
  };
}
