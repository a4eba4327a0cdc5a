/**
 * How the one audit the build assembles reaches the pages. The guards integration
 * assembles it once when Astro starts and hands it down here; pages and components
 * read it at render time. Nothing here admits: importing a page or a component
 * never reads an artifact, so tables and charts can be rendered from a synthetic
 * audit in tests, and a build admits exactly once.
 */
import type { Audit } from './assemble.ts';

// On globalThis because Astro renders pages from a bundle of their own, in the same
// process as the integration but with separate module instances.
const KEY = Symbol.for('trail-audit-site.audit');
type Holder = { [KEY]?: Audit };

export function handDown(audit: Audit): void {
  (globalThis as Holder)[KEY] = audit;
}

/** The audit handed down for this build; refuses clearly when none was. */
export function handedDown(): Audit {
  const audit = (globalThis as Holder)[KEY];
  if (!audit) {
    throw new Error(
      'no admitted audit was handed down: pages render only inside `astro build` or `astro dev`, ' +
        'where the audit-guards integration (src/guards/integration.ts) admits the artifacts once',
    );
  }
  return audit;
}
