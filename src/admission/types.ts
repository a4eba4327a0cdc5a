/** What admission hands up the pipeline: the parsed artifacts, the lock, and what each check established. */
import type { PropertyName } from '../core/names.ts';
import type { CheckId } from './errors.ts';
import type {
  Adversarial,
  ArtifactPath,
  Catf1,
  ChangeRecord,
  Datacheck,
  Lock,
  LockFile,
  Normaliser,
  Pairing,
  Property,
  SpanIndex,
} from './schemas.ts';

type AdmittedFile = Readonly<Pick<LockFile, 'path' | 'repository' | 'commit' | 'bytes' | 'sha256'>>;

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
  readonly checks: readonly CheckReport[];
  /** The lock's digest (lock-digest.ts), and its short form. */
  readonly revision: { readonly digest: string; readonly short: string };
  readonly indexDigest: string;
  /** The change records, oldest first (history.ts). */
  readonly history: readonly AdmittedRecord[];
}

export interface AdmittedRecord {
  /** e.g. `audit-changes/0001-2026-11-30-0123456789ab.json`. */
  readonly file: string;
  readonly record: ChangeRecord;
}
