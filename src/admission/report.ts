/** How the command-line entry points print an admission result or a refusal. */
import { AdmissionError } from './errors.ts';
import type { Admitted } from './types.ts';

const HINTS: Partial<Record<AdmissionError['check'], string>> = {
  presence:
    'Bring the artifacts in with `npm run artifacts -- --from <dir>` (a checkout of the audit repository, ' +
    'or ../shared/trail-scorer-audit), or set AUDIT_ARTIFACTS=<dir> before `npm run build`.',
  digest:
    'These bytes are not the ones the lock admits. If the change is deliberate, accept it with ' +
    '`npm run artifacts -- --from <dir> --update-lock` and commit the lock.',
  history:
    'The records in audit-changes/ are written by `npm run artifacts -- --from <dir> --update-lock` together with the lock; ' +
    'commit them together and edit neither by hand.',
};

/** The refusal as printed (one message, one hint), or undefined when `e` is not a refusal. */
export function refusalMessage(e: unknown): string | undefined {
  if (!(e instanceof AdmissionError)) return undefined;
  const hint = HINTS[e.check];
  return hint ? `error: ${e.message}\nhint: ${hint}` : `error: ${e.message}`;
}

/** Prints the refusal and returns the exit code; anything else is rethrown. */
export function reportRefusal(e: unknown): number {
  const message = refusalMessage(e);
  if (message === undefined) throw e;
  console.error(message);
  return 1;
}

export function summarise(audit: Pick<Admitted, 'files' | 'pins' | 'checks'>): string {
  const lines = [
    `admitted ${audit.files.length} artifacts at TRAIL commit ${audit.pins.pinned_commit}`,
    ...audit.checks.map((c) => `  ok ${c.id.padEnd(10)} ${c.title} (${c.facts.map((f) => `${f.value} ${f.label}`).join('; ')})`),
  ];
  return lines.join('\n');
}
