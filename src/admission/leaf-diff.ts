/**
 * What changed between two revisions of the audit, leaf by leaf: a pure function of
 * the two locks and the parsed files, so it can be tested on small synthetic inputs
 * and called wherever the update flow has both revisions in hand. Writing the record
 * is the caller's business (change-history.ts).
 */
import { sha256Hex } from './digest.ts';
import type { JsonValue } from './json.ts';
import { lockDigest } from './lock-digest.ts';
import { toPointer, type PathSegment } from './pointer.ts';
import {
  ARTIFACT_PATHS,
  VERDICTS,
  type ArtifactPath,
  type ChangeRecord,
  type LeafChange,
  type LeafValue,
  type Lock,
  type Verdict,
} from './schemas.ts';

const VERDICT_AT = /^\/properties\/[^/]+\/verdict$/;

/** A leaf as a record holds it: strings by digest only (see LeafValue in schemas.ts). */
export function leafValue(pointer: string, v: JsonValue): LeafValue {
  if (v === null) return { type: 'null' };
  if (typeof v === 'number') return { type: 'number', value: v };
  if (typeof v === 'boolean') return { type: 'boolean', value: v };
  if (typeof v === 'string') {
    return VERDICT_AT.test(pointer) && (VERDICTS as readonly string[]).includes(v)
      ? { type: 'verdict', value: v as Verdict }
      : { type: 'string', sha256: sha256Hex(v) };
  }
  return { type: 'empty', of: Array.isArray(v) ? 'array' : 'object' };
}

/** Every leaf (a scalar, or an empty array or object) of a document, by JSON Pointer, in document order. */
export function leaves(doc: JsonValue): Map<string, LeafValue> {
  const out = new Map<string, LeafValue>();
  const walk = (v: JsonValue, path: PathSegment[]) => {
    const entries: [PathSegment, JsonValue][] = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : v !== null && typeof v === 'object'
        ? Object.entries(v)
        : [];
    if (entries.length === 0) {
      const pointer = toPointer(path);
      out.set(pointer, leafValue(pointer, v));
      return;
    }
    for (const [k, x] of entries) walk(x, [...path, k]);
  };
  walk(doc, []);
  return out;
}

const same = (a: LeafValue, b: LeafValue) => JSON.stringify(a) === JSON.stringify(b);

/** The leaves of one file that differ: changed or removed in the old file's order, then the added ones. */
export function diffLeaves(file: ArtifactPath, before: JsonValue, after: JsonValue): LeafChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const changes: LeafChange[] = [];
  for (const [pointer, old] of a) {
    const now = b.get(pointer);
    if (now === undefined || !same(old, now)) changes.push({ file, pointer, old, new: now ?? null });
  }
  for (const [pointer, now] of b) if (!a.has(pointer)) changes.push({ file, pointer, old: null, new: now });
  return changes;
}

export interface RevisionDocs {
  readonly lock: Lock;
  /** The parsed content of each of the six files at that revision. */
  readonly docs: Readonly<Record<ArtifactPath, JsonValue>>;
}

const side = (lock: Lock) => ({
  lock_digest: lockDigest(lock),
  files: ARTIFACT_PATHS.map((path) => {
    const f = lock.files.find((g) => g.path === path)!;
    return { path, commit: f.commit, sha256: f.sha256 };
  }),
});

/**
 * The record of accepting `after` in place of `before`. A file whose bytes did not
 * change (same sha256) is not parsed again: its leaves cannot have changed.
 */
export function changeRecord(sequence: number, date: string, before: RevisionDocs, after: RevisionDocs): ChangeRecord {
  const pins = Object.entries(after.lock.pins)
    .filter(([k, v]) => before.lock.pins[k as keyof Lock['pins']] !== v)
    .map(([key, v]) => ({ key, old: before.lock.pins[key as keyof Lock['pins']], new: v }));
  const changes = ARTIFACT_PATHS.flatMap((path) => {
    const sha = (l: Lock) => l.files.find((f) => f.path === path)!.sha256;
    return sha(before.lock) === sha(after.lock) ? [] : diffLeaves(path, before.docs[path], after.docs[path]);
  });
  return { sequence, date, old: side(before.lock), new: side(after.lock), pins, changes };
}
