/** Tables about the audit as a whole: the verdicts, the committed files, the admitted artifacts. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { inventory } from '../measures/inventory.ts';
import { fromLock, keyWords } from '../provenance/provenance.ts';
import { downloadBase } from '../admission/settings.ts';
import type { TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

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
        ];
      }),
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
