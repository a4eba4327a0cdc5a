/** `npm run verify`: admits the artifacts in place (never fetches), re-derives what they report, and prints each check. */
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';
import { assembleAudit } from '../src/audit/the-audit.ts';
import { checkConclusions } from '../src/measures/conclusions.ts';

try {
  const audit = await assembleAudit({ root: artifactsRoot(), lockPath: lockPath() });
  // What the build refuses once admitted, verify refuses too, in the same words.
  checkConclusions(audit);
  console.log(summarise(audit));
} catch (e) {
  process.exitCode = reportRefusal(e);
}
