/** Names the findings are built around, and the helpers every derivation shares. */
import type { Audit } from '../admission/admit.ts';

/** The audit's headline predictor: a code constant in the audit, checked here against the artifact. */
export const HEADLINE_PREDICTOR = 'all-spans-all-categories';
/** The predictor that knows the gold locations and names every label on them. */
export const ORACLE_PREDICTOR = 'gold-spans-all-categories';

export function splitNames(audit: Audit): readonly string[] {
  return Object.keys(audit.adversarial.splits);
}

/** The split the claim is made on: the first, as in the audit. */
export function firstSplit(audit: Audit): string {
  const first = splitNames(audit)[0];
  if (first === undefined) throw new Error('results/adversarial.json has no split');
  return first;
}
