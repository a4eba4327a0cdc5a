/** `npm run verify`: admits the artifacts in place (never fetches) and reports each check. */
import { admit } from '../src/admission/admit.ts';
import { artifactsRoot, lockPath } from '../src/admission/paths.ts';
import { reportRefusal, summarise } from '../src/admission/report.ts';

try {
  console.log(summarise(admit({ root: artifactsRoot(), lockPath: lockPath() })));
} catch (e) {
  process.exitCode = reportRefusal(e);
}
