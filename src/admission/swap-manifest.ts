/**
 * SWAP.json, the manifest a staging folder holds once its set was verified: which of
 * the known targets the swap replaces, and the digests that say what it was staged for.
 * It names no path: the targets are computed from the artifacts root and the lock, so a
 * manifest cannot move anything anywhere else. Read like any other input: a regular file
 * inside its folder (a FIFO, a device or a link out is refused before it is opened),
 * at most 64 KiB, strict JSON, every key known.
 */
import { join } from 'node:path';
import { AdmissionError, describe } from './errors.ts';
import { FileRefusal, readRegularFile } from './files.ts';
import { JsonSyntaxError, parseStrictJson, type JsonValue } from './json.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from './schemas.ts';

export const MANIFEST = 'SWAP.json';
const MAX_MANIFEST_BYTES = 64 * 1024;
const DIGEST = /^[0-9a-f]{64}$/;
/** A change record's file name (change-history.ts). */
export const RECORD_NAME = /^\d{4}-\d{4}-\d{2}-\d{2}-[0-9a-f]{12}\.json$/;

export interface SwapManifest {
  /** The digest of the lock in place when the set was staged and verified. */
  readonly for: string;
  /** The digest of the new lock the swap puts in place, or null when the lock does not change. */
  readonly lock: string | null;
  /** The change record the swap adds, by name and SHA-256, or null. */
  readonly record: { readonly name: string; readonly sha256: string } | null;
  /** The artifacts the swap replaces. */
  readonly files: readonly ArtifactPath[];
}

export function serialiseManifest(m: SwapManifest): string {
  return JSON.stringify(m);
}

/** Reads `dir`'s manifest, or refuses naming the folder (AdmissionError, check "staging"). */
export function readSwapManifest(dir: string): SwapManifest {
  const file = join(dir, MANIFEST);
  const refuse = (pointer: string, expected: string, found: string): never => {
    throw new AdmissionError('staging', file, pointer, expected, found);
  };
  let value: JsonValue;
  try {
    value = parseStrictJson(
      new TextDecoder('utf-8', { fatal: true }).decode(
        readRegularFile(file, { within: dir, maxBytes: MAX_MANIFEST_BYTES }),
      ),
    );
  } catch (e) {
    if (e instanceof FileRefusal)
      return refuse('', `a regular file of at most ${MAX_MANIFEST_BYTES} bytes, as a verified swap writes it`, e.found);
    if (e instanceof JsonSyntaxError || e instanceof TypeError)
      return refuse('', 'strict JSON, as a verified swap writes it', e.message);
    throw e;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return refuse('', 'an object with the keys for, lock, record and files', describe(value));
  for (const key of Object.keys(value))
    if (!['for', 'lock', 'record', 'files'].includes(key))
      refuse(`/${key}`, 'only the keys for, lock, record and files', JSON.stringify(key));
  const { for: staged, lock, record, files } = value;
  if (typeof staged !== 'string' || !DIGEST.test(staged))
    refuse('/for', 'the digest of the lock the set was staged for (64 hex)', describe(staged));
  if (lock !== null && (typeof lock !== 'string' || !DIGEST.test(lock)))
    refuse('/lock', 'null or the digest of the new lock (64 hex)', describe(lock));
  let rec: SwapManifest['record'] = null;
  if (record !== null) {
    const r = record as Record<string, JsonValue> | undefined;
    if (typeof r !== 'object' || r === null || Array.isArray(r) || Object.keys(r).sort().join() !== 'name,sha256')
      refuse('/record', 'null or { name, sha256 }', describe(record));
    if (typeof r!['name'] !== 'string' || !RECORD_NAME.test(r!['name']))
      refuse('/record/name', 'a change record file name (NNNN-YYYY-MM-DD-<12 hex>.json)', describe(r!['name']));
    if (typeof r!['sha256'] !== 'string' || !DIGEST.test(r!['sha256']))
      refuse('/record/sha256', 'a SHA-256 (64 hex)', describe(r!['sha256']));
    if (lock === null) refuse('/record', 'no record when the lock does not change', describe(record));
    rec = { name: r!['name'] as string, sha256: r!['sha256'] as string };
  }
  if (!Array.isArray(files))
    return refuse('/files', `a list of the artifacts replaced (${ARTIFACT_PATHS.join(', ')})`, describe(files));
  files.forEach((f, i) => {
    if (typeof f !== 'string' || !(ARTIFACT_PATHS as readonly string[]).includes(f) || files.indexOf(f) !== i)
      refuse(`/files/${i}`, `one of ${ARTIFACT_PATHS.join(', ')}, each once`, describe(f));
  });
  return { for: staged as string, lock: lock as string | null, record: rec, files: files as ArtifactPath[] };
}
