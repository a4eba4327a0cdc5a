/** What changed between two revisions of the audit, leaf by leaf: `--accept` writes it, `--prove` recomputes it. */
import { sha256Hex } from './digest.ts';
import type { JsonValue } from './parse.ts';
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
async function leafValue(pointer: string, v: JsonValue): Promise<LeafValue> {
  if (v === null) return { type: 'null' };
  if (typeof v === 'number') return { type: 'number', value: v };
  if (typeof v === 'boolean') return { type: 'boolean', value: v };
  if (typeof v === 'string') {
    return VERDICT_AT.test(pointer) && (VERDICTS as readonly string[]).includes(v)
      ? { type: 'verdict', value: v as Verdict }
      : { type: 'string', sha256: await sha256Hex(v) };
  }
  return { type: 'empty', of: Array.isArray(v) ? 'array' : 'object' };
}

/** Every leaf (a scalar, or an empty array or object) of a document, by JSON Pointer, in document order. */
export async function leaves(doc: JsonValue): Promise<Map<string, LeafValue>> {
  const found: [string, JsonValue][] = [];
  const walk = (v: JsonValue, path: PathSegment[]) => {
    const entries: [PathSegment, JsonValue][] = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : v !== null && typeof v === 'object'
        ? Object.entries(v)
        : [];
    if (entries.length === 0) found.push([toPointer(path), v]);
    for (const [k, x] of entries) walk(x, [...path, k]);
  };
  walk(doc, []);
  return new Map(await Promise.all(found.map(async ([p, v]) => [p, await leafValue(p, v)] as const)));
}

const same = (a: LeafValue, b: LeafValue) => JSON.stringify(a) === JSON.stringify(b);

/** The leaves of one file that differ: changed or removed in the old file's order, then the added ones. */
export async function diffLeaves(file: ArtifactPath, before: JsonValue, after: JsonValue): Promise<LeafChange[]> {
  const a = await leaves(before);
  const b = await leaves(after);
  const changes: LeafChange[] = [];
  for (const [pointer, old] of a) {
    const now = b.get(pointer);
    if (now === undefined || !same(old, now)) changes.push({ file, pointer, old, new: now ?? null });
  }
  for (const [pointer, now] of b) if (!a.has(pointer)) changes.push({ file, pointer, old: null, new: now });
  return changes;
}

interface RevisionDocs {
  readonly lock: Lock;
  readonly docs: Readonly<Record<ArtifactPath, JsonValue>>;
}

const side = async (lock: Lock) => ({
  lock_digest: await lockDigest(lock),
  files: ARTIFACT_PATHS.map((path) => {
    const f = lock.files.find((g) => g.path === path)!;
    return { path, commit: f.commit, sha256: f.sha256 };
  }),
});

/** One side of a comparison: each file's sha256 and its parsed content. */
interface Side {
  readonly files: readonly { readonly path: ArtifactPath; readonly sha256: string }[];
  readonly docs: Readonly<Record<ArtifactPath, JsonValue>>;
}

/** The leaf changes of every file whose bytes differ (same sha256: its leaves cannot have changed). */
export async function changedLeaves(before: Side, after: Side): Promise<LeafChange[]> {
  const sha = (s: Side, path: ArtifactPath) => s.files.find((f) => f.path === path)!.sha256;
  const differ = ARTIFACT_PATHS.filter((p) => sha(before, p) !== sha(after, p));
  return (await Promise.all(differ.map((p) => diffLeaves(p, before.docs[p], after.docs[p])))).flat();
}

/** The record of accepting `after` in place of `before`. */
export async function changeRecord(
  sequence: number,
  date: string,
  before: RevisionDocs,
  after: RevisionDocs,
): Promise<ChangeRecord> {
  const pins = Object.entries(after.lock.pins)
    .filter(([k, v]) => before.lock.pins[k as keyof Lock['pins']] !== v)
    .map(([key, v]) => ({ key, old: before.lock.pins[key as keyof Lock['pins']], new: v }));
  return {
    sequence,
    date,
    old: await side(before.lock),
    new: await side(after.lock),
    pins,
    changes: await changedLeaves({ ...before, files: before.lock.files }, { ...after, files: after.lock.files }),
  };
}
