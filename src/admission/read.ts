/** Check 1 and 2 for one file: bytes against the lock, then strict JSON, then its schema. */
import { join } from 'node:path';
import { sha256Hex } from './digest.ts';
import { AdmissionError } from './errors.ts';
import { FileRefusal, readRegularFile } from './files.ts';
import { JsonSyntaxError, parseStrictJson, type JsonValue } from './json.ts';
import { MAX_ARTIFACT_BYTES, type LockFile } from './schemas.ts';

export interface FileBytes {
  readonly bytes: Uint8Array;
  readonly sha256: string;
}

/** Reads one artifact and refuses it unless its size and sha256 equal the lock (check 1). */
export function readLocked(root: string, entry: LockFile): FileBytes {
  const full = join(root, entry.path);
  let bytes: Uint8Array;
  try {
    // Never more than the lock admits: a larger file is refused before it is read whole.
    bytes = readRegularFile(full, { within: root, maxBytes: Math.max(entry.bytes, 1) });
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    if (e.found.includes('over the limit'))
      throw new AdmissionError('digest', entry.path, '', `${entry.bytes} bytes, as locked`, e.found);
    throw new AdmissionError('presence', entry.path, '', `a regular file at ${full}`, e.found);
  }
  if (bytes.length !== entry.bytes) {
    throw new AdmissionError('digest', entry.path, '', `${entry.bytes} bytes, as locked`, `${bytes.length} bytes`);
  }
  const sha256 = sha256Hex(bytes);
  if (sha256 !== entry.sha256) {
    throw new AdmissionError('digest', entry.path, '', `sha256 ${entry.sha256}, as locked`, `sha256 ${sha256}`);
  }
  return { bytes, sha256 };
}

// ignoreBOM keeps a byte-order mark in the text, where the JSON reader refuses it (by default the decoder drops it).
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes and parses one file as strict JSON (check 2, first half). */
export function parseArtifact(file: string, bytes: Uint8Array): JsonValue {
  if (bytes.length > MAX_ARTIFACT_BYTES) {
    throw new AdmissionError(
      'size',
      file,
      '',
      `at most ${MAX_ARTIFACT_BYTES} bytes per artifact`,
      `${bytes.length} bytes`,
    );
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new AdmissionError('json', file, '', 'UTF-8 text', 'bytes that are not valid UTF-8');
  }
  try {
    return parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      throw new AdmissionError('json', file, e.pointer, `${e.expected} (line ${e.line}, column ${e.column})`, e.found);
    }
    throw e;
  }
}
