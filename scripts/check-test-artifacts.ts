/**
 * The first step of `npm test`: the tests compare the site against the audit's own
 * files, read from AUDIT_ARTIFACTS (default ../shared/trail-scorer-audit, beside
 * this clone). Without them every test that reads one would fail on its own; this
 * stops once, naming the folder and how to point at another.
 */
import { ARTIFACT_KEYS } from '../src/admission/artifacts.ts';
import { missingArtifacts } from '../src/admission/presence.ts';
import { SHARED } from '../tests/support/fixture.ts';

const missing = missingArtifacts(SHARED);
if (missing.length) {
  console.error(
    `error: the tests read the audit's artifacts from ${SHARED} (AUDIT_ARTIFACTS, default ../shared/trail-scorer-audit beside the clone); ` +
      `expected the six files there, found ${missing.length === Object.keys(ARTIFACT_KEYS).length ? 'none' : `no ${missing.join(', ')}`}\n` +
      'hint: point the tests at a copy laid out like the audit repository, e.g.\n' +
      '  AUDIT_ARTIFACTS=/path/to/trail-scorer-audit npm test',
  );
  process.exitCode = 1;
}
