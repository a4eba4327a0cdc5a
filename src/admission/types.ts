/**
 * What admission hands up the pipeline: the parsed artifacts, the lock, and what
 * each check established. Types only, so every admission module can share them
 * without importing the code that runs the checks.
 */
import type { PropertyName } from '../core/names.ts';
import type { CheckId } from './errors.ts';
import type {
  Adversarial,
  ArtifactPath,
  Catf1,
  ChangeRecord,
  Datacheck,
  Lock,
  Normaliser,
  Pairing,
  Property,
  SpanIndex,
} from './schemas.ts';

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

/** What one admission check established, as counts a page can render through the figure component. */
export interface CheckReport {
  readonly id: CheckId;
  readonly title: string;
  readonly facts: readonly { readonly label: string; readonly value: number }[];
}

export interface DecidedProperty extends Property {
  readonly name: PropertyName;
  readonly file: ArtifactPath;
}

/** The artifacts once every admission check has passed; src/audit adds the re-derivations. */
export interface Admitted extends Artifacts {
  readonly lock: Lock;
  readonly pins: Lock['pins'];
  readonly files: readonly AdmittedFile[];
  /** P1 to P9 in order, each with the file that decides it. */
  readonly properties: readonly DecidedProperty[];
  /** Each admission check that ran, in order, with what it established. */
  readonly checks: readonly CheckReport[];
  /** The audit revision this lock names: the SHA-256 of its canonical form (lock-digest.ts), and its short form. */
  readonly revision: { readonly digest: string; readonly short: string };
  /** The span index digest, recomputed from index/spans.json's `splits` at admission (equal to the lock's pin). */
  readonly indexDigest: string;
  /** The change records, oldest first, ending at this lock (history.ts); empty before the first accepted change. */
  readonly history: readonly AdmittedRecord[];
}

/** One admitted change record and where it lives. */
export interface AdmittedRecord {
  /** The record's path relative to the lock's folder, e.g. `audit-changes/0001-2026-11-30-0123456789ab.json`. */
  readonly file: string;
  readonly record: ChangeRecord;
}
