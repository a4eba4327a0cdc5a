/**
 * `npm run prepare-artifacts`: brings the artifacts in when results/ or index/ lacks
 * them, as every build does first (src/admission/prepare.ts), without building.
 */
import { prepareArtifacts } from '../src/admission/prepare.ts';
import { reportRefusal } from '../src/admission/report.ts';
import { exitCleanlyOnSignal } from '../src/admission/staging.ts';

exitCleanlyOnSignal();
try {
  for (const line of await prepareArtifacts()) console.log(`artifacts: ${line}`);
} catch (e) {
  process.exitCode = reportRefusal(e);
}
