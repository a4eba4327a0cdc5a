/** How the command-line entry points print an admission result or a refusal: one message, one hint, never a stack trace. */
import { AdmissionError } from './errors.ts';
import { ProblemError } from '../core/problem.ts';
import type { Admitted } from './types.ts';

const HINTS: Partial<Record<AdmissionError['check'], string>> = {
  presence:
    'Bring the files in with `npm run artifacts` (from AUDIT_MIRROR, default ../shared/audit-mirror, ' +
    'or by download when AUDIT_MIRROR is set empty).',
  digest:
    'These bytes are not the ones the lock admits. `npm run artifacts` brings the locked ones back; ' +
    'a new revision of the audit is accepted with `npm run artifacts -- --accept <commit>`.',
  history:
    'The records in audit-changes/ are written by `npm run artifacts -- --accept <commit>` together with the lock; ' +
    'commit them together and edit neither by hand.',
};

/** The refusal as printed (one message, one hint), or undefined when `e` is not a refusal. */
export function refusalMessage(e: unknown): string | undefined {
  if (!(e instanceof ProblemError)) return undefined;
  const hint = e instanceof AdmissionError ? HINTS[e.check] : undefined;
  return hint ? `error: ${e.message}\nhint: ${hint}` : `error: ${e.message}`;
}

/** Prints the refusal and returns the exit code. Anything unforeseen is one line too (exit code 2), never a stack trace. */
export function reportRefusal(e: unknown): number {
  const message = refusalMessage(e);
  if (message === undefined) {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  console.error(message);
  return 1;
}

export function summarise(audit: Pick<Admitted, 'files' | 'pins' | 'checks'>): string {
  const lines = [
    `admitted ${audit.files.length} artifacts at TRAIL commit ${audit.pins.pinned_commit}`,
    ...audit.checks.map(
      (c) => `  ok ${c.id.padEnd(10)} ${c.title} (${c.facts.map((f) => `${f.value} ${f.label}`).join('; ')})`,
    ),
  ];
  return lines.join('\n');
}
