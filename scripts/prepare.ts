/** `npm run prepare-artifacts`: brings in what is missing, as every build does first (src/admission/bring-in.ts). */
import { prepareArtifacts } from '../src/admission/bring-in.ts';
import { reportRefusal } from '../src/admission/report.ts';

try {
  for (const line of await prepareArtifacts()) console.log(`artifacts: ${line}`);
} catch (e) {
  process.exitCode = reportRefusal(e);
}
