/** The whole check as a receipt: each file against the lock, admission, every re-derivation and every figure. */
import { AdmissionError } from '../admission/errors.ts';
import type { CheckReport } from '../admission/types.ts';
import { validate } from '../admission/validate.ts';
import { rederive, type Audit } from '../audit/assemble.ts';
import { admitBytes } from '../admission/admit.ts';
import { gitBlobId, sha256Hex } from '../admission/digest.ts';
import { Lock } from '../admission/schemas.ts';
import type { LockEntry, VerifyCensus } from './census.ts';
import { checkFigures, type FigureCheck } from './figures.ts';

export interface FileCheck {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly blob: string;
  readonly locked: LockEntry;
  readonly ok: boolean;
}

export interface Failure {
  readonly file: string;
  readonly place: string;
  readonly expected: string;
  readonly found: string;
}

export type Step =
  | { readonly step: 'file'; readonly file: FileCheck }
  | { readonly step: 'check'; readonly id: string; readonly title: string; readonly facts: CheckReport['facts'] }
  | {
      readonly step: 'rederivation';
      readonly name: string;
      readonly title: string;
      readonly properties: readonly string[];
      readonly compared: number;
    }
  | { readonly step: 'figure'; readonly check: FigureCheck };

export interface Receipt {
  readonly source: string;
  readonly steps: Step[];
  status: 'pass' | 'fail';
  failures: Failure[];
}

async function checkFile(entry: LockEntry, bytes: Uint8Array): Promise<FileCheck> {
  const [sha256, blob] = await Promise.all([sha256Hex(bytes), gitBlobId(bytes)]);
  const ok =
    bytes.length === entry.bytes && sha256 === entry.sha256 && (entry.blob === undefined || entry.blob === blob);
  return { path: entry.path, bytes: bytes.length, sha256, blob, locked: entry, ok };
}

function fileFailure(f: FileCheck): Failure {
  const [expected, found] =
    f.bytes !== f.locked.bytes
      ? [`${f.locked.bytes} bytes`, `${f.bytes} bytes`]
      : f.sha256 !== f.locked.sha256
        ? [`sha256 ${f.locked.sha256}`, `sha256 ${f.sha256}`]
        : [`git blob ${f.locked.blob}`, `git blob ${f.blob}`];
  return { file: f.path, place: '(the whole file)', expected, found };
}

export function lockOf(census: VerifyCensus): Lock {
  return validate(Lock, census.lock, 'artifacts.lock.json');
}

/** Runs every check on `files` (by lock path), calling `show` with each step as it is done. */
export async function runChecks(
  census: VerifyCensus,
  files: ReadonlyMap<string, Uint8Array>,
  source: string,
  show: (step: Step, receipt: Receipt) => void,
): Promise<Receipt> {
  const receipt: Receipt = { source, steps: [], status: 'pass', failures: [] };
  const add = (step: Step) => {
    receipt.steps.push(step);
    show(step, receipt);
  };
  const lock = lockOf(census);
  for (const entry of lock.files as readonly LockEntry[]) {
    const bytes = files.get(entry.path);
    if (!bytes) {
      receipt.failures.push({ file: entry.path, place: '(the whole file)', expected: 'the file', found: 'nothing' });
      continue;
    }
    const file = await checkFile(entry, bytes);
    if (!file.ok) receipt.failures.push(fileFailure(file));
    add({ step: 'file', file });
  }
  if (receipt.failures.length > 0) return { ...receipt, status: 'fail' };
  let audit: Audit;
  try {
    const admitted = await admitBytes(lock, files);
    // The change records are this site's, not the audit's: the browser has none of them to check.
    for (const c of admitted.checks)
      if (c.id !== 'history') add({ step: 'check', id: c.id, title: c.title, facts: c.facts });
    audit = rederive(admitted);
  } catch (e) {
    if (!(e instanceof AdmissionError)) throw e;
    receipt.failures.push({
      file: e.file,
      place: e.pointer || '(document root)',
      expected: e.expected,
      found: e.found,
    });
    return { ...receipt, status: 'fail' };
  }
  for (const { name, title, properties, comparisons } of audit.rederivations)
    add({ step: 'rederivation', name, title, properties, compared: comparisons.length });
  for (const check of checkFigures(audit, census.figures)) {
    const f = check.figure;
    if (!check.ok)
      receipt.failures.push({
        file: `/${f.page}`,
        place: f.file ? `${f.file}#${f.pointer ?? ''}` : (f.derivation ?? f.citation ?? f.source),
        expected: check.ours.join(' or ') || 'a value this check can recompute',
        found: f.shown,
      });
    add({ step: 'figure', check });
  }
  return { ...receipt, status: receipt.failures.length === 0 ? 'pass' : 'fail' };
}
