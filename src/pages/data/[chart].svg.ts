/**
 * Each chart as a standalone SVG, to reuse: its caption above the drawing, the files and
 * commits its values come from and the site's commit below. The build rasterises it to
 * data/<chart>.png and outlines its text, so the file renders anywhere (src/passes/rasterise.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { handedDown } from '../../audit/handoff.ts';
import type { ChartSpec } from '../../charts/charts.ts';
import { chartImageSvg, type ImagePart } from '../../charts/image.ts';
import { offerImage } from '../../charts/image-offers.ts';
import { allCharts } from '../../findings/registry.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { chartFiles } from '../../tables/sources-of.ts';
import { say } from '../../core/strings.ts';

function chartImage(chart: ChartSpec): string {
  const audit = handedDown();
  const site = siteRevision();
  const files: ImagePart[] = chartFiles(chart.data).flatMap((path, i) => {
    const f = audit.lock.files.find((g) => g.path === path)!;
    return [
      i > 0 ? ', ' : '',
      { words: { text: f.path, source: { type: 'lock', pointer: `/files/${audit.lock.files.indexOf(f)}/path` } } },
      ' at ',
      {
        words: {
          text: f.commit.slice(0, 12),
          source: { type: 'lock', pointer: `/files/${audit.lock.files.indexOf(f)}/commit` },
        },
      },
    ];
  });
  return chartImageSvg(
    { parts: [chart.caption], size: 26, bold: true },
    chart.svg.wide,
    [
      {
        parts: ['Data: ', ...files, say('pages/data/chart.svg.parts', audit.lock.files[0]!.repository)],
        size: 17,
      },
      {
        parts: [
          say('pages/data/chart.svg.parts-2'),
          { words: { text: site.commit.slice(0, 12), source: { type: 'site', what: 'commit' } } },
          site.dirty ? ', with uncommitted changes.' : '.',
        ],
        size: 17,
      },
    ],
    chart.legend,
  );
}

/** Each image is made here, when Astro collects every route's paths before it renders any, and offered then, so its drawing can start with the rendering. */
export const getStaticPaths = (() =>
  allCharts(handedDown()).map((chart) => {
    const svg = chartImage(chart);
    offerImage(`data/${chart.id}.svg`, svg);
    return { params: { chart: chart.id }, props: { svg } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute<{ svg: string }> = ({ props }) =>
  new Response(props.svg, { headers: { 'content-type': 'image/svg+xml' } });
