/** Tables of the change records: per record, the files with their old and new commits, the pins, and every changed leaf. */
import type { Audit } from '../audit/assemble.ts';
import type { AdmittedRecord } from '../admission/types.ts';
import type { LeafValue } from '../admission/schemas.ts';
import type { Source } from '../provenance/provenance.ts';
import { cols, type Cell, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

export const recordAnchor = (r: AdmittedRecord) => `change-${String(r.record.sequence).padStart(4, '0')}`;

const at = (r: AdmittedRecord, pointer: string): Source => ({ type: 'record', file: r.file, pointer });

/** One side of a changed leaf: its value, a string's digest, or that it is absent. */
function sideCell(r: AdmittedRecord, pointer: string, v: LeafValue | null): Cell {
  if (v === null) return { label: 'absent' };
  switch (v.type) {
    case 'number':
    case 'boolean':
    case 'verdict':
      return { ident: String(v.value), source: at(r, `${pointer}/value`) };
    case 'null':
      return { label: 'null' };
    case 'empty':
      return { label: v.of === 'array' ? 'empty list' : 'empty object' };
    case 'string':
      return { ident: v.sha256, source: at(r, `${pointer}/sha256`), short: 16 };
  }
}

export function changeTables(a: Audit): TableSpec[] {
  return [...a.history].reverse().flatMap((entry) => {
    const { record } = entry;
    const id = recordAnchor(entry);
    const files: TableSpec = {
      id: `table-${id}-files`,
      caption: say('tables/changes.files.caption'),
      table: {
        columns: cols('file', 'old commit', 'new commit', 'bytes'),
        rows: record.new.files.map((f, i) => {
          const old = record.old.files.findIndex((g) => g.path === f.path);
          return [
            { ident: f.path, source: at(entry, `/new/files/${i}/path`) },
            { ident: record.old.files[old]!.commit, source: at(entry, `/old/files/${old}/commit`), short: 12 },
            { ident: f.commit, source: at(entry, `/new/files/${i}/commit`), short: 12 },
            { label: record.old.files[old]!.sha256 === f.sha256 ? 'unchanged' : 'changed' },
          ];
        }),
      },
    };
    const pins: TableSpec[] = record.pins.length
      ? [
          {
            id: `table-${id}-pins`,
            caption: say('tables/changes.pins-changed'),
            table: {
              columns: cols('pin', 'old', 'new'),
              rows: record.pins.map((p, i) => [
                { ident: p.key, source: at(entry, `/pins/${i}/key`) },
                { ident: p.old, source: at(entry, `/pins/${i}/old`), short: 16 },
                { ident: p.new, source: at(entry, `/pins/${i}/new`), short: 16 },
              ]),
            },
          },
        ]
      : [];
    const leaves: TableSpec[] = record.changes.length
      ? [
          {
            id: `table-${id}-leaves`,
            caption: say('tables/changes.leaves.caption'),
            table: {
              columns: cols('file', 'JSON Pointer', 'kind', 'old', 'new'),
              rows: record.changes.map((c, i) => [
                { ident: c.file, source: at(entry, `/changes/${i}/file`) },
                { ident: c.pointer, source: at(entry, `/changes/${i}/pointer`) },
                { label: (c.new ?? c.old)!.type },
                sideCell(entry, `/changes/${i}/old`, c.old),
                sideCell(entry, `/changes/${i}/new`, c.new),
              ]),
            },
          },
        ]
      : [];
    return [files, ...pins, ...leaves];
  });
}
