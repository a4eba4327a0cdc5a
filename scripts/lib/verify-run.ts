/** What `npm run verify` runs: admits the artifacts in place (never fetches), re-derives what they report, and prints each check. */
import { assembleAudit } from '../../src/audit/the-audit.ts';
import { artifactsRoot, lockPath } from '../../src/admission/paths.ts';
import { reportRefusal, summarise } from '../../src/admission/report.ts';
import { checkConclusions } from '../../src/measures/conclusions.ts';

export interface Timing {
  /** When the script began, in milliseconds since the process started. */
  readonly started: number;
  /** Milliseconds since the process started. */
  readonly now: () => number;
}

/** Runs admission and re-derivation, prints the result or the one-line refusal, and returns the exit code. */
export async function verify(timing: Timing | undefined): Promise<number> {
  try {
    const loaded = timing?.now();
    const audit = await assembleAudit({ root: artifactsRoot(), lockPath: lockPath() });
    // What the build refuses once admitted, verify refuses too, in the same words.
    checkConclusions(audit);
    const admitted = timing?.now();
    console.log(summarise(audit));
    if (timing && loaded !== undefined && admitted !== undefined) {
      console.log(
        `timing: script began ${timing.started.toFixed(1)} ms after the process, modules loaded in ${(loaded - timing.started).toFixed(1)} ms, admission in ${(admitted - loaded).toFixed(1)} ms`,
      );
    }
    return 0;
  } catch (e) {
    return reportRefusal(e);
  }
}
