/**
 * What reference managers and scholarly indexes read from a cited page: Highwire Press
 * `citation_*` meta tags (Google Scholar, Zotero) and schema.org JSON-LD (the page as a
 * Report and ScholarlyArticle, based on the audit and TRAIL's paper, its downloads as
 * datasets with their digests). Built from the same items as the citation.
 */
import type { Audit } from '../audit/assemble.ts';
import type { SiteRevision } from '../site/site-revision.ts';
import { PAPER_ID, PAPER_URL, TRAIL_PAPER } from '../provenance/sources.ts';
import { auditCommits, auditRepository, localBuild, SITE_AUTHOR, SITE_TITLE, type CitedPage } from './citation.ts';
import type { Download } from './downloads.ts';
import { say } from '../core/strings.ts';

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The Highwire tags, in order, as name and content. */
export function highwireTags(a: Audit, site: SiteRevision, page: CitedPage): [string, string][] {
  const r = auditRepository(a);
  return [
    ['citation_title', page.title],
    ['citation_author', SITE_AUTHOR],
    ['citation_publication_date', day(site.date).replaceAll('-', '/')],
    ['citation_technical_report_institution', SITE_TITLE],
    // A local build has no permanent copy: it names none.
    ...(localBuild(page) ? [] : [['citation_public_url', page.permanent] as [string, string]]),
    ['citation_abstract_html_url', page.live],
    ['citation_language', 'en'],
    [
      'citation_reference',
      `citation_title=${r.name}; citation_author=${r.owner}; citation_publisher=GitHub; citation_public_url=${r.url}`,
    ],
    [
      'citation_reference',
      `citation_title=${TRAIL_PAPER.title}; citation_author=${TRAIL_PAPER.firstAuthor}; citation_arxiv_id=${TRAIL_PAPER.arxiv}; citation_public_url=${PAPER_URL}`,
    ],
  ];
}

export function jsonLd(
  a: Audit,
  site: SiteRevision,
  page: CitedPage,
  description: string,
  downloads: readonly Download[],
) {
  const r = auditRepository(a);
  return {
    '@context': 'https://schema.org',
    '@type': ['Report', 'ScholarlyArticle'],
    '@id': localBuild(page) ? page.live : page.permanent,
    url: localBuild(page) ? page.live : page.permanent,
    name: page.title,
    headline: page.title,
    description,
    inLanguage: 'en',
    author: { '@type': 'Organization', name: SITE_AUTHOR },
    version: site.label,
    datePublished: site.date,
    identifier: [
      ...(localBuild(page) ? [] : [page.permanent]),
      {
        '@type': 'PropertyValue',
        propertyID: 'artifact lock digest',
        value: a.revision.digest,
        description: say('findings/page-metadata.description'),
      },
    ],
    isPartOf: { '@type': 'WebSite', name: SITE_TITLE, url: page.liveRoot },
    isBasedOn: [
      {
        '@type': 'Dataset',
        '@id': r.url,
        name: r.name,
        url: r.url,
        creator: { name: r.owner, url: `https://github.com/${r.owner}` },
        version: auditCommits(a)
          .map((c) => c.commit)
          .join(', '),
        hasPart: a.lock.files.map((f) => ({
          '@type': 'DataDownload',
          name: f.path,
          contentUrl: `https://github.com/${f.repository}/raw/${f.commit}/${f.path}`,
          encodingFormat: 'application/json',
          contentSize: `${f.bytes} B`,
          sha256: f.sha256,
          version: f.commit,
        })),
      },
      { '@type': 'ScholarlyArticle', '@id': PAPER_URL, name: TRAIL_PAPER.title, url: PAPER_URL, identifier: PAPER_ID },
    ],
    hasPart: downloads.map((d) => ({
      '@type': 'Dataset',
      name: d.name,
      // At this build's own address: a later deploy of the same revision may change these bytes on the live site,
      // and the permanent copy keeps those first published; each copy's metadata names its own files.
      distribution: {
        '@type': 'DataDownload',
        contentUrl: new URL(d.path, page.root).href,
        encodingFormat: d.encodingFormat,
        sha256: d.sha256,
      },
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` escaped, so no
 * string from an artifact can close the element or open a comment, and the line and paragraph
 * separators, which some readers take for line ends. JSON.parse reads the same value back.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`);
