/**
 * How to cite the audit, and a page of this site, at the revisions a build renders.
 * Built only from admitted data: the audit's repository (its owner is the author: the
 * audit's README gives no other name) and each file's commit come from the lock, the
 * audit revision is the lock's digest, and the site's commit and date come from git.
 */
import type { Audit } from '../audit/assemble.ts';
import type { SiteRevision } from '../site/site-revision.ts';

export interface Citation {
  readonly bibtex: string;
  readonly text: string;
}

/** The one repository every admitted file comes from; the lock admits no mixture to cite. */
export function auditRepository(a: Audit): { owner: string; name: string; url: string } {
  const repos = [...new Set(a.lock.files.map((f) => f.repository))];
  if (repos.length !== 1) throw new Error(`the lock's files come from ${repos.length} repositories (${repos.join(', ')}); a citation names one`);
  const [owner, name] = repos[0]!.split('/') as [string, string];
  return { owner, name, url: `https://github.com/${owner}/${name}` };
}

/** BibTeX's special characters, escaped (URLs go inside \url{} unescaped). */
const bib = (s: string) => s.replace(/([\\{}%&#_$])/g, '\\$1').replace(/~/g, '\\textasciitilde{}').replace(/\^/g, '\\textasciicircum{}');
const key = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

function entry(type: string, id: string, fields: readonly (readonly [string, string])[]): string {
  return `@${type}{${id},\n${fields.map(([k, v]) => `  ${k.padEnd(12)} = {${v}}`).join(',\n')}\n}`;
}

/** `path at commit` for each artifact, in lock order. */
const fileCommits = (a: Audit, short?: number) => a.lock.files.map((f) => `${f.path} at ${short ? f.commit.slice(0, short) : f.commit}`);

export function auditCitation(a: Audit): Citation {
  const r = auditRepository(a);
  const note = `Audit revision ${a.revision.short} (SHA-256 of the site's artifact lock, ${a.revision.digest}); artifacts ${fileCommits(a).join('; ')}`;
  return {
    bibtex: entry('misc', key(`${r.owner} ${r.name} ${a.revision.short}`), [
      ['author', bib(r.owner)],
      ['title', bib(r.name)],
      ['howpublished', `\\url{${r.url}}`],
      ['version', a.revision.short],
      ['note', bib(note)],
    ]),
    text: `${r.owner}. ${r.name}. GitHub repository, ${r.url}. Audit revision ${a.revision.short}: ${fileCommits(a, 12).join('; ')}.`,
  };
}

/** What a local build's page citation gives in place of an address. */
export const LOCAL_BUILD = 'a local build, not published at any address';

/**
 * The page at this site's revision: its canonical address, the site's commit and that commit's date.
 * A local build (no `url`) has no address to give: the citation says it is a local build instead.
 */
export function pageCitation(a: Audit, site: SiteRevision, page: { title: string; url: string | undefined }): Citation {
  const commit = site.commit.slice(0, 12) + (site.dirty ? '+dirty' : '');
  const source = site.repository && !site.dirty ? `; source ${site.repository}/tree/${site.commit}` : '';
  const note = `Site commit ${site.label} of ${site.date}, rendering audit revision ${a.revision.short}${source}`;
  const [year, month] = site.day.split('-') as [string, string];
  return {
    bibtex: entry('misc', key(`trail audit site ${page.title.split(':')[0] ?? ''} ${commit}`), [
      ['title', bib(`${page.title}. The TRAIL scorer audit, as a website`)],
      ...(page.url === undefined ? [] : ([['howpublished', `\\url{${page.url}}`]] as const)),
      ['year', year],
      ['month', month],
      ['version', commit],
      ['note', bib(page.url === undefined ? `${note}; ${LOCAL_BUILD}` : note)],
    ]),
    text: `${page.title}. The TRAIL scorer audit, as a website, site commit ${commit} (${site.day}), audit revision ${a.revision.short}. ${page.url ?? `(${LOCAL_BUILD}.)`}`,
  };
}
