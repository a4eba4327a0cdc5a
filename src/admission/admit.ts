/**
 * Admission: the only code that reads the audit's files. It verifies each file
 * against the lock, parses it strictly, validates it against its schema, checks
 * the files against each other, and returns them deeply frozen and typed. It
 * imports nothing above it: src/audit runs the re-derivations on what it returns.
 * Any failure throws a single AdmissionError; nothing is ever half-admitted.
 */
import { AdmissionError } from './errors.ts';
import { FileRefusal, readRegularFile } from './files.ts';
import { parseArtifact, readLocked, type FileBytes } from './read.ts';
import { ARTIFACT_PATHS, ARTIFACT_SCHEMAS, Lock, type ArtifactPath, type LockFile } from './schemas.ts';
import { validate } from './validate.ts';
import type { JsonValue } from './json.ts';
import { ARTIFACT_KEYS } from './artifacts.ts';
import { runCrossChecks } from './crosschecks.ts';
import type { Admitted, Artifacts, CheckReport } from './types.ts';
import { checkNewestAgainstFiles, loadHistory } from './change-history.ts';
import { lockDigest, shortDigest } from './lock-digest.ts';

export interface AdmitOptions {
  readonly root: string;
  readonly lockPath: string;
}

export function loadLock(lockPath: string): Lock {
  let bytes: Uint8Array;
  try {
    bytes = readRegularFile(lockPath, { maxBytes: 64 * 1024 });
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    throw new AdmissionError('lock', lockPath, '', 'the committed lock file, a regular file', e.found);
  }
  const lock = validate(Lock, parseArtifact(lockPath, bytes), lockPath);
  const paths = lock.files.map((f) => f.path);
  for (const p of ARTIFACT_PATHS) {
    if (paths.filter((q) => q === p).length !== 1) {
      throw new AdmissionError(
        'lock',
        lockPath,
        '/files',
        `exactly one entry for ${p}`,
        `${paths.filter((q) => q === p).length}`,
      );
    }
  }
  return lock;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Indexes and for-in, not Object.values: no array is made per object (the span index alone has thousands).
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    else for (const key in value) if (Object.hasOwn(value, key)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export function admit(options: AdmitOptions): Admitted {
  const lock = loadLock(options.lockPath);
  const entry = (p: ArtifactPath): LockFile => lock.files.find((f) => f.path === p)!;

  // Check 1: every file present, of the locked size and digest, before any is parsed.
  const bytes = new Map<ArtifactPath, FileBytes>();
  for (const p of ARTIFACT_PATHS) bytes.set(p, readLocked(options.root, entry(p)));

  // Check 2: strict JSON, then the strict schema.
  const parsed = <P extends ArtifactPath>(p: P) =>
    validate(ARTIFACT_SCHEMAS[p], parseArtifact(p, bytes.get(p)!.bytes), p);
  // Each file validated against its own schema, so the object has the Artifacts shape.
  const artifacts = Object.fromEntries(
    ARTIFACT_PATHS.map((p) => [ARTIFACT_KEYS[p], parsed(p)]),
  ) as unknown as Artifacts;

  // Checks 3 to 6: the files against the lock's pins and against each other.
  const { checks, properties } = runCrossChecks(artifacts, lock);

  // Check 7: the change records form one chain that ends at this lock, which names its head; the newest record's new values are the files' own.
  const history = loadHistory(options.lockPath, lock);
  const docs = Object.fromEntries(
    ARTIFACT_PATHS.map((p) => [p, artifacts[ARTIFACT_KEYS[p]] as unknown as JsonValue]),
  ) as Record<ArtifactPath, JsonValue>;
  const checkedLeaves = checkNewestAgainstFiles(history, docs);
  const digest = lockDigest(lock);
  const files = ARTIFACT_PATHS.map((p) => ({ ...entry(p) }));
  const admitted: CheckReport[] = [
    {
      id: 'digest',
      title: 'Every file has exactly the size and SHA-256 digest the lock records',
      facts: [
        { label: 'files', value: files.length },
        { label: 'bytes', value: files.reduce((n, f) => n + f.bytes, 0) },
      ],
    },
    {
      id: 'schema',
      title: 'Every file is strict JSON and matches its schema, with no unknown key',
      facts: [{ label: 'files', value: files.length }],
    },
    ...checks,
    history.length === 0
      ? {
          id: 'history',
          title: 'No change record exists, and the lock names none',
          facts: [{ label: 'records', value: 0 }],
        }
      : {
          id: 'history',
          title:
            'The change records form one chain, each starting where the one before ended; the newest ends at this lock, which names it, and the values it says changed are what the admitted files hold',
          facts: [
            { label: 'records', value: history.length },
            { label: 'changed leaves checked against the files', value: checkedLeaves },
          ],
        },
  ];

  return deepFreeze({
    ...artifacts,
    lock,
    pins: lock.pins,
    files,
    properties,
    checks: admitted,
    revision: { digest, short: shortDigest(digest) },
    history,
  });
}
