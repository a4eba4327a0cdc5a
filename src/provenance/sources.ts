/**
 * The works this site cites, and links to them built from the admitted lock. Title and first author from the
 * audit's README; identifier and version from the artifacts' citations (checked at admission); the year from
 * the identifier. No material here holds the full author list, so the citation says "et al." and why.
 */
import type { Lock } from '../admission/schemas.ts';
import type { Figure } from './provenance.ts';
import { say } from '../core/strings.ts';
import { PAPER_ID, TRAIL_ARXIV } from '../core/names.ts';

export { PAPER_ID };

export const TRAIL_PAPER = {
  firstAuthor: 'Deshpande',
  authorsNote: say('provenance/sources.authorsNote'),
  title: say('provenance/sources.title'),
  arxiv: TRAIL_ARXIV.id,
  version: TRAIL_ARXIV.version,
  publisher: 'Patronus AI',
} as const;

/** The paper without its version: how the audit's README cites it, so what the site takes from the README cites no version either. */
export const PAPER_BASE_ID = `arXiv:${TRAIL_PAPER.arxiv}` as const;

/** The year of the first version, read from the identifier: its first two digits are the year. */
export const PAPER_YEAR: Figure = {
  value: 2000 + Number(TRAIL_PAPER.arxiv.slice(0, 2)),
  kind: 'integer',
  source: { type: 'paper', citation: say('provenance/sources.citation', PAPER_ID) },
};
export const PAPER_URL = `https://arxiv.org/abs/${TRAIL_PAPER.arxiv}${TRAIL_PAPER.version}` as const;

/** The audit's repository: every admitted file names it, and all must agree. */
export function auditRepository(lock: Lock): string {
  const repos = [...new Set(lock.files.map((f) => f.repository))];
  const found = repos.join(', ');
  if (repos.length !== 1)
    throw new Error(`artifacts.lock.json at /files: expected every file from one audit repository, found ${found}`);
  return repos[0]!;
}

/** The commit the site links the audit's documents at: the one most admitted files were taken at (ties: the first). */
export function auditCommit(lock: Lock): { commit: string; index: number } {
  const counts = new Map<string, number>();
  for (const f of lock.files) counts.set(f.commit, (counts.get(f.commit) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const index = lock.files.findIndex((f) => counts.get(f.commit) === best);
  return { commit: lock.files[index]!.commit, index };
}

export const PRE_REGISTRATION_PATH = 'docs/pre-registration.md';

/**
 * The audit's pre-registration document at the latest commit the lock records for the document itself
 * (the last of its `sources` entries), never an artifact's commit: a later revision may carry the author's notes.
 */
export function preRegistration(lock: Lock): { url: string; commit: string; index: number } {
  const all = preRegistrations(lock);
  if (all.length === 0) throw new Error(`artifacts.lock.json at /sources: no entry for ${PRE_REGISTRATION_PATH}`);
  return all.at(-1)!;
}

/** Every version of the pre-registration the lock records, in the lock's order. */
export function preRegistrations(lock: Lock): { url: string; commit: string; index: number }[] {
  return lock.sources.flatMap(({ path, commit }, index) =>
    path === PRE_REGISTRATION_PATH
      ? [{ url: `https://github.com/${auditRepository(lock)}/blob/${commit}/${path}`, commit, index }]
      : [],
  );
}

export function auditTreeUrl(lock: Lock): string {
  return `https://github.com/${auditRepository(lock)}/tree/${auditCommit(lock).commit}`;
}

/** TRAIL's repository at the commit the audit measured. */
export function trailTreeUrl(lock: Lock): string {
  return `https://github.com/${lock.pins.trail_repository}/tree/${lock.pins.pinned_commit}`;
}
