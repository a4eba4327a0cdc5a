/**
 * The proof a publishing build runs online (`npm run artifacts -- --prove`): every commit
 * the site shows is asked for its file and must give exactly the recorded bytes, the
 * lock's six and both sides of every change record; then each record's changes are
 * recomputed from the two sides' bytes (leaf-diff.ts) and must be exactly what the record
 * says. What admission checks offline (change-history.ts) cannot reach the old bytes;
 * this does.
 */
import { sha256Hex } from './digest.ts';
import { AdmissionError } from './errors.ts';
import type { JsonValue } from './json.ts';
import { diffLeaves } from './leaf-diff.ts';
import { parseArtifact } from './read.ts';
import type { AdmittedRecord } from './types.ts';
import { ARTIFACT_PATHS, type ArtifactPath, type Lock } from './schemas.ts';

/** Fetches one file of `repository` at `commit`; throws when it cannot. */
export type FetchAt = (repository: string, commit: string, path: ArtifactPath) => Promise<Uint8Array>;

export interface HistoryProof {
  /** Distinct (path, commit) pairs downloaded and found to hold the recorded bytes. */
  readonly files: number;
  /** Records whose changes were recomputed from both sides and found equal. */
  readonly records: number;
}

export async function proveHistory(
  lockFile: string,
  lock: Lock,
  history: readonly AdmittedRecord[],
  fetchAt: FetchAt,
): Promise<HistoryProof> {
  const repositoryOf = (path: ArtifactPath) => lock.files.find((f) => f.path === path)!.repository;
  const docs = new Map<string, JsonValue>();
  /** The file at a commit, checked against the digest the lock or record gives; parsed once. */
  const at = async (
    where: string,
    pointer: string,
    path: ArtifactPath,
    commit: string,
    sha256: string,
  ): Promise<JsonValue> => {
    const key = `${path}@${commit}`;
    const known = docs.get(key);
    if (known !== undefined) return known;
    let bytes: Uint8Array;
    try {
      bytes = await fetchAt(repositoryOf(path), commit, path);
    } catch (e) {
      throw new AdmissionError(
        'history',
        where,
        pointer,
        `${path} at commit ${commit}, downloaded from ${repositoryOf(path)} to prove it`,
        `a failed download (${(e as Error).message})`,
      );
    }
    if (sha256Hex(bytes) !== sha256)
      throw new AdmissionError(
        'history',
        where,
        pointer,
        `${path} at commit ${commit} with SHA-256 ${sha256}, as recorded`,
        `bytes with SHA-256 ${sha256Hex(bytes)}: the commit does not hold what is recorded`,
      );
    const doc = parseArtifact(path, bytes);
    docs.set(key, doc);
    return doc;
  };
  for (const [i, f] of lock.files.entries()) await at(lockFile, `/files/${i}`, f.path, f.commit, f.sha256);
  for (const { file, record } of history) {
    const sides = { old: record.old, new: record.new } as const;
    const read: Record<'old' | 'new', Partial<Record<ArtifactPath, JsonValue>>> = { old: {}, new: {} };
    for (const side of ['old', 'new'] as const) {
      for (const [i, f] of sides[side].files.entries())
        read[side][f.path] = await at(file, `/${side}/files/${i}`, f.path, f.commit, f.sha256);
    }
    const sha = (side: 'old' | 'new', path: ArtifactPath) => sides[side].files.find((f) => f.path === path)!.sha256;
    const recomputed = ARTIFACT_PATHS.flatMap((p) =>
      sha('old', p) === sha('new', p) ? [] : diffLeaves(p, read.old[p]!, read.new[p]!),
    );
    if (JSON.stringify(recomputed) !== JSON.stringify(record.changes)) {
      const at = recomputed.findIndex((c, i) => JSON.stringify(c) !== JSON.stringify(record.changes[i]));
      const n = at < 0 ? Math.min(recomputed.length, record.changes.length) : at;
      throw new AdmissionError(
        'history',
        file,
        `/changes/${n}`,
        `the change recomputed from both sides' files, ${JSON.stringify(recomputed[n] ?? null)}`,
        JSON.stringify(record.changes[n] ?? null),
      );
    }
  }
  return { files: docs.size, records: history.length };
}
