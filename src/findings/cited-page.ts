/** A cited page's addresses at this build's site and audit revision: live, and its permanent copy. */
import { theAudit } from '../audit/the-audit.ts';
import { ProblemError } from '../core/problem.ts';
import { addressesOf } from '../site/permanent.ts';
import { basePath } from '../site/paths.ts';
import type { CitedPage } from './citation.ts';
import { say } from '../core/strings.ts';

export interface CitedPageSpec {
  /** `report` or the property's name, lower case. */
  readonly slug: string;
  readonly title: string;
  /** The page's path under the base. */
  readonly path: string;
}

export async function citedPage(spec: CitedPageSpec, site: URL | undefined): Promise<CitedPage> {
  if (!site)
    throw new ProblemError([
      {
        file: 'astro.config.mjs',
        place: 'site',
        message: say('findings/cited-page.message'),
      },
    ]);
  return {
    title: spec.title,
    slug: spec.slug,
    ...addressesOf(site.origin, basePath(), (await theAudit()).revision.short, spec.path),
  };
}
