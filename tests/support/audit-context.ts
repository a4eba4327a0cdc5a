/**
 * The audit's README and the spec the report follows, beside the artifacts (../shared/context).
 * The own-words and support checks need them: where they are missing the tests fail,
 * naming the file, instead of skipping (a check that skips where it cannot run proves nothing there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED } from './fixture.ts';

export const AUDIT_README = join(SHARED, '../context/trail-scorer-audit-README.txt');
export const AUDIT_SPEC = join(SHARED, '../context/audit-report-spec.md');

function required(path: string, what: string): string {
  if (!existsSync(path)) {
    throw new Error(`${path}: expected ${what} here (beside the artifacts, which AUDIT_ARTIFACTS names); found nothing. The own-words and support checks cannot run without it, so they fail rather than skip.`);
  }
  return readFileSync(path, 'utf8');
}

export const auditReadme = (): string => required(AUDIT_README, "the audit's README");
export const auditSpec = (): string => required(AUDIT_SPEC, 'the audit-report spec');
