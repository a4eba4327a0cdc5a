/**
 * Every conclusion the site states, evaluated once the audit is admitted: by
 * `npm run verify` and by the build before it renders a page, so both refuse a stale
 * conclusion with the same one message (the method page lists every conclusion, and
 * would otherwise be the first to fail, deep inside a page's rendering).
 */
import type { Audit } from '../audit/assemble.ts';
import { CONCLUSIONS, assertConclusion } from './conclusions.ts';

export function checkConclusions(audit: Audit): void {
  for (const name of Object.keys(CONCLUSIONS)) assertConclusion(audit, name);
}
