/**
 * Each chart as a standalone SVG, to reuse: its caption above the drawing, the files and
 * commits its values come from and the site's commit below. The build rasterises it to
 * data/<chart>.png and outlines its text, so the file renders anywhere (src/passes/rasterise.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { theAudit } from '../../audit/the-audit.ts';
import type { ChartSpec } from '../../charts/charts.ts';
import { chartImageSvg, type ImagePart } from '../../charts/image.ts';
import { allCharts } from '../../findings/registry.ts';
import { siteRevision } from '../../site/site-revision.ts';
import { chartFiles } from '../../tables/sources-of.ts';
import { say } from '../../core/strings.ts';

async function chartImage(chart: ChartSpec): Promise<string> {
  const audit = await theAudit();
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

export const getStaticPaths = (async () =>
  Promise.all(
    allCharts(await theAudit()).map(async (chart) => ({
      params: { chart: chart.id },
      props: { svg: await chartImage(chart) },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute<{ svg: string }> = async ({ props }) =>
  new Response(props.svg, { headers: { 'content-type': 'image/svg+xml' } });
