/** The images drawn from data: share cards and chart images, their figure marks, their text, and their rasterising. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cardSvg, chartImageSvg, wrap } from '../../src/charts/image.ts';
import { scanHtml } from '../../src/guards/built-html.ts';
import { MAX_PNG_HEIGHT, rasteriseImages } from '../../src/passes/rasterise.ts';
import { unsafeSvg } from '../../src/guards/image-svg.ts';
import type { Figure, Words } from '../../src/provenance/provenance.ts';

const fig: Figure = {
  value: 0.973354232,
  kind: 'score',
  source: { type: 'artifact', file: 'results/adversarial.json', pointer: '/x' },
};
const hostile: Words = {
  text: '<script>alert(1)</script> & "q"\u202e',
  source: { type: 'artifact', file: 'results/pairing.json', pointer: '/y' },
};
const card = (body: (string | { fig: Figure } | { words: Words })[]) =>
  cardSvg({
    kicker: 'K',
    title: { parts: ['A title'], size: 50, bold: true },
    body: [{ parts: body, size: 30 }],
    foot: [{ parts: ['foot'], size: 22 }],
  });

describe('share cards', () => {
  test('a figure and an artifact string sit in marked runs; artifact text is escaped, its controls shown', () => {
    const svg = card(['scores ', { fig }, ' with ', { words: hostile }]);
    assert.match(svg, /<tspan data-fig="score">0\.973<\/tspan>/);
    assert.match(svg, /<tspan data-fig="words">&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;q&quot;/);
    assert.doesNotMatch(svg, /<script/);
    assert.doesNotMatch(svg, /\u202e/, 'no raw bidirectional control');
    assert.deepEqual(scanHtml(svg, 'share/x.svg'), [], 'the figure guard passes marked figures');
  });
  test('the figure guard trips on a number typed into the words of a card', () => {
    const problems = scanHtml(card(['it scores 0.97 anyway']), 'share/x.svg');
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /hand-typed figure "0\.97"/);
  });
  test('text wraps at words within the width', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${'x'.repeat(i % 5)}`).join(' ');
    const lines = wrap({ parts: [words], size: 30 }, 600);
    assert.ok(lines.length > 3);
    for (const l of lines)
      assert.ok(
        l.map((t) => t.text).join('').length * 30 * 0.55 <= 600 + 30 * 0.55 * 10,
        'within the width, a long word aside',
      );
  });
  test("a line never breaks before a word of ours that starts with a number: 'Table 1' stays whole, so no line shows a lone figure", () => {
    // At 600 px and 30 px type a line holds about 36 characters: the break would fall between "Table" and "1".
    const title = 'The blind predictor outscores Table 1 on both headline metrics';
    const lines = wrap({ parts: [title], size: 30 }, 600).map((l) =>
      l
        .map((t) => t.text)
        .join('')
        .trim(),
    );
    assert.ok(
      lines.some((l) => l.includes('Table 1')),
      JSON.stringify(lines),
    );
    const card = cardSvg({ kicker: 'k', title: { parts: [title], size: 50, bold: true }, body: [], foot: [] });
    assert.deepEqual(scanHtml(card, 'share/x.svg'), []);
  });
});

test('a share card never cuts its text: a long title and summary shrink together until they fit, and one that cannot fit is refused', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  const fits = cardSvg({
    kicker: 'K',
    title: { parts: [words(24)], size: 50, bold: true },
    body: [{ parts: [words(50)], size: 30 }],
    foot: [{ parts: [words(30)], size: 22 }],
  });
  assert.doesNotMatch(fits, /…/);
  for (const w of ['word23', 'word49', 'word29']) assert.match(fits, new RegExp(`${w}\\b`));
  assert.match(fits, /font-size="40"/, 'title drawn smaller than asked');
  assert.throws(
    () =>
      cardSvg({
        kicker: 'K',
        title: { parts: [words(40)], size: 50 },
        body: [{ parts: [words(400)], size: 30 }],
        foot: [],
      }),
    /do not fit even at the smallest size/,
  );
});

describe('chart images', () => {
  test('the drawing is nested, placed and marked as on the pages, its own size replaced', () => {
    const drawing = '<svg class="plot" width="640" height="400" viewBox="0 0 640 400"><text>0.2</text></svg>';
    const svg = chartImageSvg({ parts: ['Title'], size: 26 }, drawing, [{ parts: ['Data'], size: 17 }]);
    assert.match(
      svg,
      /<g data-fig="chart"><svg x="40" y="[\d.]+" width="1120\.0" height="700\.0" class="plot" viewBox="0 0 640 400">/,
    );
    assert.equal((svg.match(/width="640"/g) ?? []).length, 0);
    assert.deepEqual(scanHtml(svg, 'data/chart.svg'), []);
  });
  test('the legend the page draws beside a chart is drawn into its image: each mark and its label', () => {
    const svg = chartImageSvg(
      { parts: ['Title'], size: 26 },
      '<svg viewBox="0 0 640 400"></svg>',
      [],
      [
        { label: 'GAIA', series: 0, shape: 'circle', hollow: true },
        { label: 'best <model>', series: 'ink', shape: 'dashed' },
      ],
    );
    assert.match(svg, /<circle [^>]*fill="none" stroke="#1f5fbf"/);
    assert.match(svg, /stroke-dasharray="5 3"/);
    assert.match(svg, />GAIA<\/text>/);
    assert.match(svg, />best &lt;model&gt;<\/text>/, 'escaped');
  });
});

/** A built site's folder of its own for one test, removed after it. */
function inDist(fn: (dist: string) => void): void {
  const dist = mkdtempSync(join(tmpdir(), 'images-'));
  try {
    mkdirSync(join(dist, 'share'));
    mkdirSync(join(dist, 'data'));
    fn(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

describe('the rasterising pass', () => {
  test('each card becomes a PNG of its width; each chart image a PNG, its SVG rewritten with text as paths', () => {
    inDist((dist) => {
      writeFileSync(join(dist, 'share/report.svg'), card(['scores ', { fig }]));
      writeFileSync(
        join(dist, 'data/chart-x.svg'),
        chartImageSvg(
          { parts: ['Title'], size: 26 },
          '<svg viewBox="0 0 640 400"><text x="10" y="20">axis</text></svg>',
          [{ parts: ['Data'], size: 17 }],
        ),
      );
      assert.deepEqual(rasteriseImages(dist), { cards: 1, charts: 1 });
      const png = readFileSync(join(dist, 'share/report.png'));
      assert.deepEqual([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], 'IHDR: 1200 x 630');
      assert.match(readFileSync(join(dist, 'share/report.svg'), 'utf8'), /<text\b/, "a card's SVG is left as it was");
      const outlined = readFileSync(join(dist, 'data/chart-x.svg'), 'utf8');
      assert.doesNotMatch(outlined, /<text\b/, 'no text left: every glyph is a path');
      assert.match(outlined, /<path\b/);
      assert.equal(readFileSync(join(dist, 'data/chart-x.png')).readUInt32BE(16), 1200);
    });
  });
  test('an SVG that would draw taller than the limit is refused before it is drawn, naming it; nothing is written', () => {
    inDist((dist) => {
      writeFileSync(join(dist, 'share/a-fine.svg'), card(['fine']));
      writeFileSync(
        join(dist, 'share/tall.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="600"><rect width="1" height="600"/></svg>',
      );
      assert.throws(
        () => rasteriseImages(dist),
        (e: Error) =>
          e.message.includes('share/tall.svg') &&
          e.message.includes(`would be 720000 px tall; the limit is ${MAX_PNG_HEIGHT}`),
      );
      assert.deepEqual(readdirSync(join(dist, 'share')).sort(), ['a-fine.svg', 'tall.svg'], 'nothing written');
    });
  });
  test('an SVG resvg cannot draw stops the build with one message naming the file', () => {
    inDist((dist) => {
      writeFileSync(join(dist, 'share/bad.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" width="2"></svg>');
      assert.throws(() => rasteriseImages(dist), /share\/bad\.svg: resvg cannot draw this SVG/);
    });
  });
});

describe('what an image drawn from data may hold', () => {
  const svg = (inner: string, head = '') =>
    `${head}<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">${inner}</svg>`;
  const messages = (text: string) => unsafeSvg(text, 'data/x.svg').map((p) => p.message);
  test("the site's own cards and chart images pass", () => {
    assert.deepEqual(unsafeSvg(card(['scores ', { fig }]), 'share/x.svg'), []);
    assert.deepEqual(
      unsafeSvg(
        chartImageSvg(
          { parts: ['Title'], size: 26 },
          '<svg viewBox="0 0 640 400"><defs><clipPath id="c"><rect/></clipPath></defs><g clip-path="url(#c)"><text>x</text></g></svg>',
          [],
        ),
        'data/x.svg',
      ),
      [],
    );
  });
  test('text the figure check cannot read (an entity, a CDATA section) is refused', () => {
    assert.match(
      messages(svg('<text>&n;</text>', '<!DOCTYPE svg [<!ENTITY n "99.9%">]>')).join(' | '),
      /document type declaration.*entity declaration/,
    );
    assert.match(messages(svg('<text><![CDATA[Recall 42%]]></text>')).join(' | '), /CDATA section/);
  });
  test('anything resvg would load from outside the image is refused, naming it', () => {
    assert.match(
      messages(svg('<image href="../../tmp/a.png" width="10" height="10"/>')).join(' | '),
      /must not embed another image \(resvg would load "..\/..\/tmp\/a.png"/,
    );
    assert.match(
      messages(svg('<use xlink:href="/etc/x.svg#a"/>')).join(' | '),
      /may point only inside itself \(#id\); found "\/etc\/x.svg#a"/,
    );
    assert.match(messages(svg('<rect style="fill: url(file.svg#p)"/>')).join(' | '), /url\(\) only for its own #ids/);
    assert.match(messages(svg('<style>@import "a.css";</style>')).join(' | '), /style sheet/);
  });
});

describe('meta descriptions with figures', () => {
  const page = (content: string, parts?: unknown) =>
    `<html><head><meta name="description" content="${content}"${parts === undefined ? '' : ` data-fig-parts='${JSON.stringify(parts)}'`}></head><body></body></html>`;
  test('figures named as marked parts pass; a typed number in an unmarked part trips', () => {
    assert.deepEqual(
      scanHtml(
        page('scores 0.973', [
          ['scores ', false],
          ['0.973', true],
        ]),
        'a.html',
      ),
      [],
    );
    assert.equal(
      scanHtml(
        page('scores 0.973 and 12 more', [
          ['scores ', false],
          ['0.973', true],
          [' and 12 more', false],
        ]),
        'a.html',
      ).length,
      1,
    );
    assert.equal(scanHtml(page('scores 0.973'), 'a.html').length, 1, 'without parts every number is typed');
  });
  test('parts that are not exactly the text trip, so nothing hides behind them', () => {
    assert.match(
      scanHtml(
        page('scores 0.973', [
          ['scores', false],
          ['0.9', true],
        ]),
        'a.html',
      )[0]!.message,
      /not the text/,
    );
    assert.match(scanHtml(page('scores 0.973', 'x'), 'a.html')[0]!.message, /not the text|not JSON/);
  });
});
