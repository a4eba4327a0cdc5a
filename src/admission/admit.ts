/**
 * Admission: the only code that reads the audit's files. It verifies each file
 * against the lock, parses it strictly, validates it against its schema, checks
 * the files against each other, and returns one deeply frozen, typed audit object.
 * Any failure throws a single AdmissionError; nothing is ever half-admitted.
 */
import { readFileSync } from 'node:fs';
import { AdmissionError } from './errors.ts';
import { parseArtifact, readLocked, type FileBytes } from './read.ts';
import {
  ARTIFACT_PATHS,
  ARTIFACT_SCHEMAS,
  Adversarial,
  Catf1,
  Datacheck,
  Lock,
  Normaliser,
  Pairing,
  SpanIndex,
  type ArtifactPath,
  type LockFile,
} from './schemas.ts';
import { validate } from './validate.ts';
import { runCrossChecks, type CheckReport, type DecidedProperty } from './crosschecks.ts';
import { rederiveAll } from '../rederive/index.ts';
import type { RederivationResult } from '../rederive/types.ts';

export interface AdmittedFile {
  readonly path: ArtifactPath;
  readonly repository: string;
  readonly commit: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface Artifacts {
  readonly index: SpanIndex;
  readonly adversarial: Adversarial;
  readonly datacheck: Datacheck;
  readonly normaliser: Normaliser;
  readonly catf1: Catf1;
  readonly pairing: Pairing;
}

export interface Audit extends Artifacts {
  readonly lock: Lock;
  readonly pins: Lock['pins'];
  readonly files: readonly AdmittedFile[];
  /** P1 to P9 in order, each with the file that decides it. */
  readonly properties: readonly DecidedProperty[];
  /** Each admission check that ran, in order, with what it established. */
  readonly checks: readonly CheckReport[];
  /** Every re-derivation, with each leaf it recomputed and found equal. */
  readonly rederivations: readonly RederivationResult[];
  /** `file#pointer` of each re-derived leaf, to the name of the re-derivation. */
  readonly rederived: ReadonlyMap<string, string>;
}

export interface AdmitOptions {
  readonly root: string;
  readonly lockPath: string;
}

export function loadLock(lockPath: string): Lock {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(lockPath);
  } catch {
    throw new AdmissionError('lock', lockPath, '', 'the committed lock file', 'no such file');
  }
  const lock = validate(Lock, parseArtifact(lockPath, bytes), lockPath);
  const paths = lock.files.map((f) => f.path);
  for (const p of ARTIFACT_PATHS) {
    if (paths.filter((q) => q === p).length !== 1) {
      throw new AdmissionError('lock', lockPath, '/files', `exactly one entry for ${p}`, `${paths.filter((q) => q === p).length}`);
    }
  }
  return lock;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function admit(options: AdmitOptions): Audit {
  const lock = loadLock(options.lockPath);
  const entry = (p: ArtifactPath): LockFile => lock.files.find((f) => f.path === p)!;

  // Check 1: every file present, of the locked size and digest, before any is parsed.
  const bytes = new Map<ArtifactPath, FileBytes>();
  for (const p of ARTIFACT_PATHS) bytes.set(p, readLocked(options.root, entry(p)));

  // Check 2: strict JSON, then the strict schema.
  const parsed = <P extends ArtifactPath>(p: P) =>
    validate(ARTIFACT_SCHEMAS[p], parseArtifact(p, bytes.get(p)!.bytes), p);
  const artifacts: Artifacts = {
    index: parsed('index/spans.json') as SpanIndex,
    adversarial: parsed('results/adversarial.json') as Adversarial,
    datacheck: parsed('results/datacheck.json') as Datacheck,
    normaliser: parsed('results/normaliser.json') as Normaliser,
    catf1: parsed('results/catf1.json') as Catf1,
    pairing: parsed('results/pairing.json') as Pairing,
  };

  // Checks 3 to 6: the files against the lock's pins and against each other.
  const { checks, properties } = runCrossChecks(artifacts, lock);

  // Check 7: every figure the committed data allows, recomputed by our own code.
  const rederivations = rederiveAll(artifacts);
  const rederived = new Map<string, string>();
  for (const r of rederivations) for (const c of r.comparisons) if (!rederived.has(`${c.file}#${c.pointer}`)) rederived.set(`${c.file}#${c.pointer}`, r.name);
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
    {
      id: 'derivation',
      title: 'Every figure the committed data allows is recomputed by our own code and agrees',
      facts: [
        { label: 're-derivations', value: rederivations.length },
        { label: 'reported leaves recomputed', value: rederived.size },
      ],
    },
  ];

  return deepFreeze({ ...artifacts, lock, pins: lock.pins, files, properties, checks: admitted, rederivations, rederived });
}
