/** The audit every page reads: the admitted artifacts and our re-derivations (no node: import, /verify/ runs it). */
import { deepFreeze } from '../admission/admit.ts';
import type { Admitted, CheckReport } from '../admission/types.ts';
import { rederiveAll } from '../rederive/index.ts';
import type { RederivationResult } from '../rederive/types.ts';

export interface Audit extends Admitted {
  /** Every re-derivation, with each leaf it recomputed and found equal. */
  readonly rederivations: readonly RederivationResult[];
  /** `file#pointer` of each re-derived leaf, to the name of the re-derivation. */
  readonly rederived: ReadonlyMap<string, string>;
}

/** Runs the re-derivations on admitted artifacts; a disagreement throws the admission refusal naming the leaf. */
export function rederive(admitted: Admitted): Audit {
  const rederivations = rederiveAll(admitted);
  const rederived = new Map<string, string>();
  for (const r of rederivations)
    for (const c of r.comparisons)
      if (!rederived.has(`${c.file}#${c.pointer}`)) rederived.set(`${c.file}#${c.pointer}`, r.name);
  const derivation: CheckReport = {
    id: 'derivation',
    title: 'Every leaf the re-derivations check agrees with our own code',
    facts: [
      { label: 're-derivations', value: rederivations.length },
      { label: 'reported leaves checked', value: rederived.size },
    ],
  };
  return deepFreeze({ ...admitted, checks: [...admitted.checks, derivation], rederivations, rederived });
}
