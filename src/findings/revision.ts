/** What a page, packet or CSV was made from: the site's commit and date, the lock's digest and each file's commit. */
import type { Audit } from '../audit/assemble.ts';
import type { SiteRevision } from '../site/site-revision.ts';
import { say } from '../core/strings.ts';
import { LOCK_DIGEST_FIELDS } from '../admission/lock-digest.ts';

export function revisionIdentity(a: Audit, site: SiteRevision) {
  return {
    site: {
      commit: site.commit,
      dirty: site.dirty,
      shown_as: site.label,
      commit_date: site.date,
      ...(site.repository ? { repository: site.repository } : {}),
    },
    audit: {
      lock_digest: a.revision.digest,
      lock_digest_short: a.revision.short,
      lock_digest_is: say('findings/revision.lock_digest_is', LOCK_DIGEST_FIELDS.join(', ')),
      files: a.lock.files.map((f) => ({ path: f.path, repository: f.repository, commit: f.commit, sha256: f.sha256 })),
    },
  };
}
export type RevisionIdentity = ReturnType<typeof revisionIdentity>;
