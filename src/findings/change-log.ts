/**
 * When a property's verdict, magnitude or any figure its page rests on last changed, and in which change record:
 * a record's leaf counts when its pointer is one of the property's leaves, or lies under or above one.
 */
import type { Audit } from '../audit/assemble.ts';
import type { AdmittedRecord } from '../admission/types.ts';
import type { PropertyName } from '../core/names.ts';
import { toPointer } from '../admission/pointer.ts';
import type { LeafChange } from '../admission/schemas.ts';
import { parseRef } from '../provenance/provenance.ts';
import { evidenceRefs } from './evidence-packet.ts';

export const ASPECTS = ['verdict', 'magnitude', 'figures'] as const;
export type Aspect = (typeof ASPECTS)[number];

export interface LastChange {
  readonly aspect: Aspect;
  /** The newest record that changed this aspect, or undefined when no record did. */
  readonly record: AdmittedRecord | undefined;
  /** The changed leaves of that record that count for the aspect. */
  readonly changes: readonly LeafChange[];
}

const touches = (c: LeafChange, file: string, pointer: string) =>
  c.file === file &&
  (c.pointer === pointer || c.pointer.startsWith(`${pointer}/`) || pointer.startsWith(`${c.pointer}/`));

/** For each aspect of a property, the newest record that changed it (pure on the audit and its history). */
export function lastChanges(
  a: Audit,
  name: PropertyName,
  history: readonly AdmittedRecord[] = a.history,
): LastChange[] {
  const p = a.properties.find((q) => q.name === name)!;
  const own = (k: string) => [{ file: p.file as string, pointer: toPointer(['properties', name, k]) }];
  const figures = evidenceRefs(a, name)
    .map((r) => parseRef(r))
    .filter((r) => !(r.file === p.file && /^\/properties\/[^/]+\/(claim|verdict|magnitude)$/.test(r.pointer)));
  const targets: Record<Aspect, { file: string; pointer: string }[]> = {
    verdict: own('verdict'),
    magnitude: own('magnitude'),
    figures,
  };
  return ASPECTS.map((aspect) => {
    for (const entry of [...history].reverse()) {
      const changes = entry.record.changes.filter((c) => targets[aspect].some((t) => touches(c, t.file, t.pointer)));
      if (changes.length) return { aspect, record: entry, changes };
    }
    return { aspect, record: undefined, changes: [] };
  });
}
