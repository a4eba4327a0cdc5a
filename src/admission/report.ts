/** How the command-line entry points print an admission result or a refusal. */
import { AdmissionError } from './errors.ts';
import type { Audit } from './admit.ts';

const HINTS: Partial<Record<AdmissionError['check'], string>> = {
  presence:
    'Bring the artifacts in with `npm run artifacts -- --from <dir>` (a checkout of the audit repository, ' +
    'or ../shared/trail-scorer-audit), or set AUDIT_ARTIFACTS=<dir> before `npm run build`.',
  digest:
    'These bytes are not the ones the lock admits. If the change is deliberate, accept it with ' +
    '`npm run artifacts -- --from <dir> --update-lock` and commit the lock.',
};

/** Prints the refusal (one message, one hint) and returns the exit code. */
export function reportRefusal(e: unknown): number {
  if (e instanceof AdmissionError) {
    console.error(`error: ${e.message}`);
    const hint = HINTS[e.check];
    if (hint) console.error(`hint: ${hint}`);
    return 1;
  }
  throw e;
}

export function summarise(audit: Audit): string {
  const lines = [
    `admitted ${audit.files.length} artifacts at TRAIL commit ${audit.pins.pinned_commit}`,
    ...audit.checks.map((c) => `  ok ${c.id.padEnd(10)} ${c.title} (${c.facts.map((f) => `${f.value} ${f.label}`).join('; ')})`),
  ];
  return lines.join('\n');
}
