/** Admission: a pure function of the lock and the bytes (no `node:` import), so a browser runs it too. */
import { ARTIFACT_KEYS } from './artifacts.ts';
import { runCrossChecks } from './crosschecks.ts';
import { sha256Hex } from './digest.ts';
import { AdmissionError } from './errors.ts';
import { admitHistory } from './history.ts';
import { lockDigest, shortDigest } from './lock-digest.ts';
import { parseArtifact, type JsonValue } from './parse.ts';
import { ARTIFACT_PATHS, ARTIFACT_SCHEMAS, Lock, type ArtifactPath } from './schemas.ts';
import type { Admitted, Artifacts, CheckReport } from './types.ts';
import { validate } from './validate.ts';

const LOCK_FILE = 'artifacts.lock.json';

/** The lock from its bytes: strict JSON, its schema, exactly one entry per artifact. */
export function parseLock(bytes: Uint8Array, file = LOCK_FILE): Lock {
  const lock = validate(Lock, parseArtifact(file, bytes), file);
  for (const p of ARTIFACT_PATHS) {
    const n = lock.files.filter((f) => f.path === p).length;
    if (n !== 1) throw new AdmissionError('lock', file, '/files', `exactly one entry for ${p}`, `${n}`);
  }
  return lock;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    else for (const key in value) if (Object.hasOwn(value, key)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Size and SHA-256 of one file's bytes against its lock entry. */
export async function checkBytes(
  entry: { readonly path: string; readonly bytes: number; readonly sha256: string },
  bytes: Uint8Array | undefined,
  origin = entry.path,
): Promise<Uint8Array> {
  if (bytes === undefined) throw new AdmissionError('presence', entry.path, '', `the file, from ${origin}`, 'none');
  if (bytes.length !== entry.bytes)
    throw new AdmissionError('digest', entry.path, '', `${entry.bytes} bytes, as locked`, `${bytes.length} bytes`);
  const sha = await sha256Hex(bytes);
  if (sha !== entry.sha256)
    throw new AdmissionError('digest', entry.path, '', `sha256 ${entry.sha256}, as locked`, `sha256 ${sha}`);
  return bytes;
}

/** Admits the six artifacts (and any change records) in `files`, keyed by their path, against `lock`. */
export async function admitBytes(lock: Lock | Uint8Array, files: ReadonlyMap<string, Uint8Array>): Promise<Admitted> {
  const locked = lock instanceof Uint8Array ? parseLock(lock) : lock;
  const entries = ARTIFACT_PATHS.map((p) => locked.files.find((f) => f.path === p)!);
  // Every file of the locked size and digest before any is parsed.
  for (const e of entries) await checkBytes(e, files.get(e.path));
  const docs = {} as Record<ArtifactPath, JsonValue>;
  for (const p of ARTIFACT_PATHS) docs[p] = parseArtifact(p, files.get(p)!);
  const artifacts = Object.fromEntries(
    ARTIFACT_PATHS.map((p) => [ARTIFACT_KEYS[p], validate(ARTIFACT_SCHEMAS[p], docs[p], p)]),
  ) as unknown as Artifacts;
  const { checks, properties, indexDigest } = await runCrossChecks(artifacts, locked);
  const history = await admitHistory(locked, files, docs);
  const digest = await lockDigest(locked);
  const admitted: CheckReport[] = [
    {
      id: 'digest',
      title: 'Every file has exactly the size and SHA-256 digest the lock records',
      facts: [
        { label: 'files', value: entries.length },
        { label: 'bytes', value: entries.reduce((n, f) => n + f.bytes, 0) },
      ],
    },
    {
      id: 'schema',
      title: 'Every file is strict JSON and matches its schema, with no unknown key',
      facts: [{ label: 'files', value: entries.length }],
    },
    ...checks,
    {
      id: 'history',
      title:
        history.length === 0
          ? 'No change record exists, and the lock names none'
          : 'The change records follow on from each other; the newest ends at this lock, ' +
            'and the values it says changed are what the files hold',
      facts: [{ label: 'records', value: history.length }],
    },
  ];
  return deepFreeze({
    ...artifacts,
    lock: locked,
    pins: locked.pins,
    files: entries.map(({ path, repository, commit, bytes, sha256 }) => ({ path, repository, commit, bytes, sha256 })),
    properties,
    checks: admitted,
    revision: { digest, short: shortDigest(digest) },
    indexDigest,
    history,
  });
}
