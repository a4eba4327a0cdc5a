/** The build's first step: the artifacts brought in, admitted and re-derived, the site's commit read, before any render. */
import { prepareArtifacts } from '../admission/bring-in.ts';
import { summarise } from '../admission/report.ts';
import type { Audit } from '../audit/assemble.ts';
import { assembleAudit } from '../audit/the-audit.ts';
import { artifactsRoot, lockPath } from '../admission/paths.ts';
import { checkConclusions } from '../measures/conclusions.ts';
import { checkPermanentBase } from '../site/permanent.ts';
import { siteRevision } from '../site/site-revision.ts';
import type { Logger } from './refusal.ts';

/** `base`: the base path the site is built under; a permanent copy's (r/<revision>/) must name this lock's revision. */
export async function admitForBuild(logger: Logger, base: string): Promise<Audit> {
  for (const line of await prepareArtifacts()) logger.info(`artifacts: ${line}`);
  const audit = await assembleAudit({ root: artifactsRoot(), lockPath: lockPath() });
  // A stale conclusion is refused here in one message, as verify refuses it, not while a page renders.
  checkConclusions(audit);
  checkPermanentBase(base, audit.revision.short);
  // Every page names the commit it is built from: refuse now if that cannot be known.
  const site = siteRevision();
  logger.info(`site revision: ${site.label} of ${site.date} (from ${site.from})`);
  logger.info(summarise(audit));
  return audit;
}
