/** Figures derived from the normaliser artifact for the fallback, containment and shuffle findings. */
import type { Audit } from '../audit/assemble.ts';
import { derived, ref, type Figure } from '../provenance/provenance.ts';
import type { Normaliser } from '../admission/schemas.ts';

type Drift = Normaliser['gold_drift'][number];

/** The longest of the shortest reaching strings (over labels reached at all), and how many labels one character reaches. */
export function fallback(audit: Audit) {
  const reached = Object.entries(audit.normaliser.shortest_reaching).filter(([, r]) => r.strings.length > 0);
  const lengths = reached.map(([, r]) => r.length);
  const input = [ref('results/normaliser.json', '/shortest_reaching')];
  return {
    longestNeeded: derived('fallback/longest-needed', Math.max(...lengths), 'integer', input),
    reachedByOne: derived('fallback/reached-by-one', lengths.filter((l) => l === 1).length, 'integer', input),
  };
}

export interface Containment {
  readonly rescued: { readonly entry: Drift; readonly index: number };
  readonly dropped: { readonly entry: Drift; readonly index: number; readonly inside: string };
}

/** The audit's selection rule (spec 1.11): first maximum wins ties. */
export function containment(audit: Audit): Containment {
  const drift = audit.normaliser.gold_drift;
  let rescued: Containment['rescued'] | undefined;
  let dropped: Containment['dropped'] | undefined;
  drift.forEach((entry, index) => {
    if (entry.loop === 'fallback') {
      const gain = entry.lands.length - entry.spelling.length;
      if (!rescued || gain > rescued.entry.lands.length - rescued.entry.spelling.length) rescued = { entry, index };
    }
    const inside = entry.labels_inside_it[0];
    if (entry.loop === 'neither' && inside !== undefined) {
      const extra = entry.spelling.length - inside.length;
      if (!dropped || extra > dropped.entry.spelling.length - dropped.inside.length) dropped = { entry, index, inside };
    }
  });
  if (!rescued || !dropped)
    throw new Error('results/normaliser.json#/gold_drift has no rescued or no dropped spelling to show');
  return { rescued, dropped };
}

export function shuffleFigures(audit: Audit) {
  const s = audit.normaliser.shuffle;
  return {
    ambiguous: derived('shuffle/ambiguous-gold-spellings', s.ambiguous_gold_spellings.length, 'integer', [
      ref('results/normaliser.json', '/shuffle/ambiguous_gold_spellings'),
    ]),
    moved: derived('shuffle/figures-moved', s.figures_that_moved.length, 'integer', [
      ref('results/normaliser.json', '/shuffle/figures_that_moved'),
    ]),
    // Each rescored row publishes two figures: joint and location accuracy.
    rescored: derived('shuffle/figures-rescored', 2 * s.scores.length, 'integer', [
      ref('results/normaliser.json', '/shuffle/scores'),
    ]),
  };
}

/** Gold drift totals: spellings and the errors they cover. */
export function driftTotals(audit: Audit): { spellings: Figure; errors: Figure } {
  const d = audit.normaliser.gold_drift;
  const input = [ref('results/normaliser.json', '/gold_drift')];
  return {
    spellings: derived('drift/spellings', d.length, 'integer', input),
    errors: derived(
      'drift/errors',
      d.reduce((n, e) => n + e.errors, 0),
      'integer',
      input,
    ),
  };
}
