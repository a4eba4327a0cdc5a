/** The splits the findings are built around, in the artifact's order. */
import type { Audit } from '../audit/assemble.ts';

export function splitNames(audit: Audit): readonly string[] {
  return Object.keys(audit.adversarial.splits);
}

/** The split the claim is made on: the first, as in the audit. */
export function firstSplit(audit: Audit): string {
  const first = splitNames(audit)[0];
  if (first === undefined) throw new Error('results/adversarial.json has no split');
  return first;
}
