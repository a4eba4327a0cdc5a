/**
 * How to cite the audit, and a page of this site, at the revisions a build renders, as
 * CSL-JSON items (citation-formats.ts turns them into BibTeX and RIS). The audit is named
 * as it names itself: its repository (its owner is the author: the audit's README gives no
 * other name) and the commits of its files, from the lock. Then, as ours, the lock's digest
 * (our name for that set of file bytes, not a revision of the audit) and the permanent
 * address. The lock holds no commit dates and nothing here can prove one, so the audit's
 * entry carries no date and its commits are in the lock's order, not by date.
 */
import type { Audit } from '../audit/assemble.ts';
import type { SiteRevision } from '../site/site-revision.ts';
import { ProblemError } from '../core/problem.ts';
import { isLocalAddress } from '../site/settings.ts';
import { say } from '../core/strings.ts';

export const SITE_TITLE = say('findings/citation.SITE_TITLE');
/** As CITATION.cff names them (tests/unit/citation.test.ts compares the two). */
export const SITE_AUTHOR = say('findings/citation.SITE_AUTHOR');

/** The subset of CSL-JSON 1.0 these citations use. */
export interface CslItem {
  readonly id: string;
  readonly 'citation-key': string;
  readonly type: 'dataset' | 'webpage';
  readonly title: string;
  readonly author: readonly { readonly literal: string }[];
  /** Absent for a local build: its address names no page a reader can open. */
  readonly URL?: string;
  readonly version: string;
  readonly note: string;
  readonly publisher?: string;
  readonly 'container-title'?: string;
  readonly issued?: { readonly 'date-parts': readonly (readonly number[])[] };
}

/** The one repository every admitted file comes from; the lock admits no mixture to cite. */
export function auditRepository(a: Audit): { owner: string; name: string; url: string } {
  const repos = [...new Set(a.lock.files.map((f) => f.repository))];
  if (repos.length !== 1) {
    throw new ProblemError([
      {
        file: 'artifacts.lock.json',
        place: '/files',
        message: say('findings/citation.message', repos.length, repos.join(', ')),
      },
    ]);
  }
  const [owner, name] = repos[0]!.split('/') as [string, string];
  return { owner, name, url: `https://github.com/${owner}/${name}` };
}

/** Each distinct commit the lock credits, with the files it holds, in the lock's order of first appearance. */
export function auditCommits(a: Audit): { commit: string; files: string[] }[] {
  const by = new Map<string, string[]>();
  for (const f of a.lock.files) by.set(f.commit, [...(by.get(f.commit) ?? []), f.path]);
  return [...by].map(([commit, files]) => ({ commit, files }));
}

const commitList = (a: Audit, short?: number) =>
  auditCommits(a)
    .map((c) => `${short ? c.commit.slice(0, short) : c.commit} (${c.files.join(', ')})`)
    .join('; ');

const keyOf = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** The page a citation is made on: its title, kind, and live and permanent addresses. */
export interface CitedPage {
  readonly title: string;
  /** `report` or the property's name, lower case: the name of its citation downloads. */
  readonly slug: string;
  readonly live: string;
  readonly permanent: string;
  readonly liveRoot: string;
  readonly permanentRoot: string;
  readonly root: string;
}

export function auditItem(a: Audit, page: CitedPage): CslItem {
  const r = auditRepository(a);
  return {
    id: `audit-${a.revision.short}`, // RIS keeps 20 characters of an id
    'citation-key': keyOf(`${r.owner} ${r.name} ${a.revision.short}`),
    type: 'dataset',
    title: r.name,
    author: [{ literal: r.owner }],
    publisher: 'GitHub',
    URL: r.url,
    version: auditCommits(a)
      .map((c) => c.commit)
      .join(', '),
    note:
      say('findings/citation.note', r.owner, r.name, commitList(a)) +
      say(
        'findings/citation.note-2',
        SITE_TITLE,
        a.revision.digest,
        localBuild(page) ? LOCAL_BUILD : `permanent copy ${page.permanent}`,
      ),
  };
}

const dateParts = (iso: string) => {
  const d = new Date(iso);
  return [[d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]] as const;
};

/** What a local build's page citation gives in place of an address: localhost names no page a reader can open. */
export const LOCAL_BUILD = say('findings/citation.LOCAL_BUILD');
/** In the citation block of a local build, in place of the permanent copy's address. */
export const NO_PERMANENT_COPY = say('findings/citation.NO_PERMANENT_COPY', LOCAL_BUILD);
/** Whether the page is a local build's: it has no permanent copy, so nothing may name one. */
export const localBuild = (page: CitedPage) => isLocalAddress(page.live);

export function pageItem(a: Audit, site: SiteRevision, page: CitedPage): CslItem {
  const r = auditRepository(a);
  const source = site.repository && !site.dirty ? `; source ${site.repository}/tree/${site.commit}` : '';
  const local = localBuild(page);
  return {
    id: `${page.slug}-${a.revision.short}`,
    'citation-key': keyOf(`trail audit site ${page.slug} ${a.revision.short}`),
    type: 'webpage',
    title: page.title,
    'container-title': SITE_TITLE,
    author: [{ literal: SITE_AUTHOR }],
    ...(local ? {} : { URL: page.permanent }),
    version: site.label,
    // The site commit's own date (git's committer date), which git proves; never the wall clock.
    issued: { 'date-parts': dateParts(site.date) },
    note: say(
      'findings/citation.pageItem.note',
      r.owner,
      r.name,
      commitList(a, 12),
      a.revision.digest,
      site.label,
      site.date,
      source,
      local ? LOCAL_BUILD : `Live page ${page.live}`,
    ),
  };
}

/** Both items, the audit first: what a download and the citation block give. */
export const citationItems = (a: Audit, site: SiteRevision, page: CitedPage): [CslItem, CslItem] => [
  auditItem(a, page),
  pageItem(a, site, page),
];

export function auditCitationText(a: Audit, page: CitedPage): string {
  const r = auditRepository(a);
  return say(
    'findings/citation.auditCitationText',
    r.owner,
    r.name,
    r.url,
    commitList(a, 12),
    a.revision.short,
    localBuild(page) ? LOCAL_BUILD : say('findings/citation.permanent', page.permanent),
  );
}

export function pageCitationText(site: SiteRevision, page: CitedPage): string {
  return `${page.title}. ${SITE_TITLE}, site commit ${site.commit.slice(0, 12)}${site.dirty ? '+dirty' : ''} (${site.day}). ${localBuild(page) ? `(${LOCAL_BUILD}.)` : page.permanent}`;
}
