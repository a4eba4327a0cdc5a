/**
 * The audit's README (as text) and the spec the report follows: in AUDIT_CONTEXT, else in
 * ../context beside the artifacts (../shared/context). The own-words and support checks need
 * them: where they are missing the tests fail, naming the file, instead of skipping (a check
 * that skips where it cannot run proves nothing there). Neither can be fetched: the README here
 * is the text of the audit's README, not its Markdown, and the spec is not in the audit's repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SHARED } from './fixture.ts';

const CONTEXT = resolve(process.env['AUDIT_CONTEXT'] || join(SHARED, '../context'));
export const AUDIT_README = join(CONTEXT, 'trail-scorer-audit-README.txt');
export const AUDIT_SPEC = join(CONTEXT, 'audit-report-spec.md');

function required(path: string, what: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `${path}: expected ${what} here (AUDIT_CONTEXT names the folder; by default ../context beside the artifacts); found nothing. The own-words and support checks cannot run without it, so they fail rather than skip.`,
    );
  }
  return readFileSync(path, 'utf8');
}

export const auditReadme = (): string => required(AUDIT_README, "the audit's README");
export const auditSpec = (): string => required(AUDIT_SPEC, 'the audit-report spec');
