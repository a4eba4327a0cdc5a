/** Every re-derivation, run at admission: a reported leaf that differs from ours stops the build. */
import type { Artifacts } from '../admission/types.ts';
import { AdmissionError } from '../admission/errors.ts';
import { absentLocationsRederivation, ratiosRederivation } from './adversarial.ts';
import { catf1Rederivation } from './catf1.ts';
import { normaliserRederivation } from './normaliser.ts';
import { pairingRederivation } from './pairing.ts';
import { magnitudesRederivation } from './magnitudes.ts';
import { referenceRederivation } from './reference.ts';
import { spansRederivation } from './spans.ts';
import { table5Rederivation } from './table5.ts';
import type { Comparison, Rederivation, RederivationResult } from './types.ts';
import { verdictsRederivation } from './verdicts.ts';

export const REDERIVATIONS: readonly Rederivation[] = [
  spansRederivation,
  ratiosRederivation,
  referenceRederivation,
  absentLocationsRederivation,
  table5Rederivation,
  magnitudesRederivation,
  normaliserRederivation,
  catf1Rederivation,
  pairingRederivation,
  verdictsRederivation,
];

const same = (c: Comparison) =>
  typeof c.reported === 'number' && typeof c.ours === 'number'
    ? c.reported === c.ours || Math.abs(c.reported - c.ours) <= (c.tolerance ?? -1)
    : JSON.stringify(c.reported) === JSON.stringify(c.ours);

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

export function rederiveAll(a: Artifacts): RederivationResult[] {
  return REDERIVATIONS.map((r) => {
    const comparisons = r.run(a);
    for (const c of comparisons) {
      if (!same(c)) {
        throw new AdmissionError(
          'derivation',
          c.file,
          c.pointer,
          `${show(c.ours)} (re-derived at build by "${r.name}")`,
          show(c.reported),
        );
      }
    }
    const { name, title, explanation, source, properties } = r;
    return { name, title, explanation, source, properties, comparisons };
  });
}
