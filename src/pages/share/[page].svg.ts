/** Each page's share card as SVG (1200 x 630), made from the page's own title and summary; the build rasterises it to share/<page>.png. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import { cardSvg, type ImagePart } from '../../charts/image.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { pageMeta, SHARE_KEYS } from '../_page-meta.ts';
import { say } from '../../core/strings.ts';

/** A summary's parts as an image draws them (a name or a quote is an artifact string all the same). */
const imageParts = (parts: ReturnType<typeof pageMeta>['summary']): ImagePart[] =>
  parts.map((p) => (typeof p === 'string' || 'fig' in p ? p : { words: p.words }));

async function card(page: string): Promise<string> {
  const meta = pageMeta(await theAudit(), page);
  const site = siteRevision();
  return cardSvg({
    kicker: 'TRAIL scorer audit',
    title: { parts: [meta.title], size: 50, bold: true },
    body: [{ parts: imageParts(meta.summary), size: 30 }],
    foot: [
      {
        parts: [
          say('pages/share/page.svg.parts'),
          { words: { text: site.commit.slice(0, 12), source: { type: 'site', what: 'commit' } } },
          site.dirty ? ', with uncommitted changes.' : '.',
        ],
        size: 22,
      },
    ],
  });
}

export const getStaticPaths = (async () =>
  Promise.all(
    SHARE_KEYS.map(async (page) => ({ params: { page }, props: { svg: await card(page) } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute<{ svg: string }> = async ({ props }) =>
  new Response(props.svg, { headers: { 'content-type': 'image/svg+xml' } });
