/**
 * How the one audit the build assembles reaches the pages. The guards integration
 * assembles it once when Astro starts and hands it down here; pages and components
 * read it at render time. Nothing here admits: importing a page or a component
 * never reads an artifact, so tables and charts can be rendered from a synthetic
 * audit in tests, and a build admits exactly once.
 */
import type { Audit } from './assemble.ts';
import { processSlot } from '../core/process-slot.ts';

// Shared by the integration and the pages' bundle, which load this module separately.
const slot = processSlot<Audit>('audit');

export function handDown(audit: Audit): void {
  slot.set(audit);
}

/** The audit handed down for this build; refuses clearly when none was. */
export function handedDown(): Audit {
  const audit = slot.get();
  if (!audit) {
    throw new Error(
      'no admitted audit was handed down: pages render only inside `astro build` or `astro dev`, ' +
        'where the audit-guards integration (src/integration/) admits the artifacts once',
    );
  }
  return audit;
}
