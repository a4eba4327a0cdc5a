/**
 * The audit's public files the claims register cites, as `npm run artifacts` brings them in:
 * `audit-sources/<commit>/<path>` in the checkout. Where one is missing the tests fail, naming
 * it, instead of skipping (a check that skips where it cannot run proves nothing there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT } from './fixture.ts';

/** The audit's README, as Markdown, at the commit the register cites it. */
export const AUDIT_README = { path: 'README.md', commit: '255ebb94f177a10ac6e5919445bca08fa743ea6c' } as const;

export function auditSource(path: string, commit: string, root = PROJECT): string {
  const file = join(root, 'audit-sources', commit, path);
  if (!existsSync(file))
    throw new Error(
      `${file}: expected the audit's ${path} at ${commit} here (npm run artifacts brings it in); found nothing. The support and own-words checks cannot run without it, so they fail rather than skip.`,
    );
  return readFileSync(file, 'utf8');
}

export const auditReadme = (): string => auditSource(AUDIT_README.path, AUDIT_README.commit);
