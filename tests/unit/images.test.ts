/** The images drawn from data: share cards and chart images, their figure marks, their text, and their rasterising. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cardSvg, chartImageSvg, wrap } from '../../src/charts/image.ts';
import { scanHtml } from '../../src/guards/built-html.ts';
import { CHART_PNG_WIDTH, Drawings, rasteriseImages, startRasterising } from '../../src/passes/rasterise.ts';
import { MAX_PNG_HEIGHT } from '../../src/passes/draw-image.ts';
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
  test('text wraps at words within the width, and a line cut short ends with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${'x'.repeat(i % 5)}`).join(' ');
    const lines = wrap({ parts: [words], size: 30 }, 600);
    assert.ok(lines.length > 3);
    for (const l of lines)
      assert.ok(
        l.map((t) => t.text).join('').length * 30 * 0.55 <= 600 + 30 * 0.55 * 10,
        'within the width, a long word aside',
      );
    const cut = wrap({ parts: [words], size: 30, maxLines: 2 }, 600);
    assert.equal(cut.length, 2);
    assert.equal(cut.at(-1)!.at(-1)!.text, '…');
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

/** A filter region this large makes resvg 2.6.2 panic in native code (tiny-skia), which would end a thread's whole process. */
const PANIC =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><filter id="f" x="-1e9" y="-1e9" width="2e9" height="2e9"><feFlood/></filter><rect width="10" height="10" filter="url(#f)"/></svg>';

/** A built site's folder of its own for one test, removed after it. */
async function inDist(fn: (dist: string) => Promise<void>): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'images-'));
  try {
    await fn(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

describe('the rasterising pass', () => {
  test(
    'each card becomes a PNG of its width; each chart image a PNG, its SVG rewritten with text as paths',
    { timeout: 30_000 },
    async () => {
      await inDist(async (dist) => {
        mkdirSync(join(dist, 'share'));
        mkdirSync(join(dist, 'data'));
        writeFileSync(join(dist, 'share/report.svg'), card(['scores ', { fig }]));
        writeFileSync(
          join(dist, 'data/chart-x.svg'),
          chartImageSvg(
            { parts: ['Title'], size: 26 },
            '<svg viewBox="0 0 640 400"><text x="10" y="20">axis</text></svg>',
            [{ parts: ['Data'], size: 17 }],
          ),
        );
        assert.deepEqual(await rasteriseImages(dist), { cards: 1, charts: 1 });
        const png = readFileSync(join(dist, 'share/report.png'));
        assert.deepEqual([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
        assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], 'IHDR: 1200 x 630');
        const outlined = readFileSync(join(dist, 'data/chart-x.svg'), 'utf8');
        assert.doesNotMatch(outlined, /<text\b/, 'no text left: every glyph is a path');
        assert.match(outlined, /<path\b/);
        assert.equal(readFileSync(join(dist, 'data/chart-x.png')).readUInt32BE(16), CHART_PNG_WIDTH);
      });
    },
  );
  test(
    'an SVG that would draw taller than the limit is refused before it is drawn, naming it',
    { timeout: 30_000 },
    async () => {
      await inDist(async (dist) => {
        mkdirSync(join(dist, 'share'));
        writeFileSync(
          join(dist, 'share/tall.svg'),
          '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="600"><rect width="1" height="600"/></svg>',
        );
        await assert.rejects(
          rasteriseImages(dist),
          (e: Error) =>
            e.message.includes('share/tall.svg') &&
            e.message.includes(`would be 720000 px tall; the limit is ${MAX_PNG_HEIGHT}`),
        );
        assert.equal(existsSync(join(dist, 'share/tall.png')), false, 'nothing written');
      });
    },
  );
  test(
    'a crash inside resvg stops the build with a message naming the image it was drawing, and the build survives it',
    { timeout: 30_000 },
    async () => {
      await inDist(async (dist) => {
        mkdirSync(join(dist, 'share'));
        writeFileSync(join(dist, 'share/a-fine.svg'), card(['fine']));
        writeFileSync(join(dist, 'share/panic.svg'), PANIC);
        await assert.rejects(rasteriseImages(dist), (e: Error) =>
          /share\/panic\.svg: resvg stopped while drawing this image \(.*panicked/.test(e.message),
        );
        assert.equal(existsSync(join(dist, 'share/a-fine.png')), false, 'nothing written when one image fails');
      });
    },
  );
  test('an SVG resvg cannot draw stops the build with one message naming the file', { timeout: 30_000 }, async () => {
    await inDist(async (dist) => {
      mkdirSync(join(dist, 'share'));
      writeFileSync(join(dist, 'share/bad.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" width="2"></svg>');
      await assert.rejects(rasteriseImages(dist), /share\/bad\.svg: resvg cannot draw this SVG/);
    });
  });
});

describe("drawings started as the images' routes make them", () => {
  const square = (h: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${h}"><rect width="1200" height="${h}" fill="#123456"/></svg>`;
  test(
    'an early drawing is used only when it was drawn from the very bytes on disk; otherwise the file is drawn',
    { timeout: 30_000 },
    async () => {
      await inDist(async (dist) => {
        mkdirSync(join(dist, 'share'));
        writeFileSync(join(dist, 'share/same.svg'), square(630));
        writeFileSync(join(dist, 'share/changed.svg'), square(300));
        const drawings = new Drawings();
        drawings.offer('share/same.svg', square(630));
        drawings.offer('share/changed.svg', square(630));
        drawings.offer('share/gone.svg', square(630));
        assert.deepEqual(await startRasterising(dist, drawings)(), { cards: 2, charts: 0 });
        assert.equal(readFileSync(join(dist, 'share/same.png')).readUInt32BE(20), 630);
        assert.equal(
          readFileSync(join(dist, 'share/changed.png')).readUInt32BE(20),
          300,
          'drawn from the file, not from the offer',
        );
        assert.equal(existsSync(join(dist, 'share/gone.png')), false, 'an offer with no file behind it writes nothing');
      });
    },
  );
  test(
    'a crash ends one process only: the images it had been handed and not started are drawn by another',
    { timeout: 30_000 },
    async () => {
      const drawings = new Drawings();
      try {
        // Shared between two processes, so the crashing one has been handed cards behind the panic.
        const [crashed, ...after] = await Promise.all([
          drawings.draw('share/panic.svg', PANIC),
          ...[100, 200, 300, 400].map((h) => drawings.draw(`share/${h}.svg`, square(h))),
        ]);
        assert.match('error' in crashed! ? crashed.error : '', /resvg stopped while drawing this image/);
        assert.deepEqual(
          after.map((d) => ('png' in d ? Buffer.from(d.png).readUInt32BE(20) : d.error)),
          [100, 200, 300, 400],
          'each drawn after the crash',
        );
      } finally {
        drawings.close();
      }
    },
  );
  test(
    'while the pages render, the one process is handed two images: a crash on the first names it, and the second is drawn by another',
    { timeout: 30_000 },
    async () => {
      const drawings = new Drawings();
      try {
        // Offered as the routes make them: one process, handed the panic and the card behind it.
        const jobs: [string, string][] = [
          ['share/panic.svg', PANIC],
          ['share/100.svg', square(100)],
          ['share/200.svg', square(200)],
        ];
        for (const [rel, svg] of jobs) drawings.offer(rel, svg);
        const drawn = await Promise.all(jobs.map(([rel, svg]) => drawings.draw(rel, svg)));
        assert.match('error' in drawn[0]! ? drawn[0].error : '', /resvg stopped while drawing this image/);
        assert.deepEqual(
          drawn.slice(1).map((d) => ('png' in d ? Buffer.from(d.png).readUInt32BE(20) : d.error)),
          [100, 200],
        );
      } finally {
        drawings.close();
      }
    },
  );
  // Each a PNG well over a pipe's buffer, and some work to draw.
  const busy = (seed: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">${Array.from({ length: 3000 }, (_, i) => {
      const v = (i * 7919 + seed * 104729) % 1000003;
      return `<rect x="${v % 1190}" y="${(v >> 3) % 1190}" width="${3 + (v % 9)}" height="${3 + (v % 7)}" fill="#${(v % 0xffffff).toString(16).padStart(6, '0')}"/>`;
    }).join('')}</svg>`;
  test(
    'a crash is named on the image being drawn, never on one drawn before it whose answer was still on its way',
    { timeout: 60_000 },
    async () => {
      // An answer written late would still be in the dying process.
      const drawings = new Drawings();
      try {
        // The first two go to one process each; the panic queues behind the first.
        const jobs: [string, string][] = [
          ['data/a.svg', busy(1)],
          ['data/b.svg', busy(2)],
          ['share/panic.svg', PANIC],
          ['data/c.svg', busy(3)],
          ['share/d.svg', square(100)],
        ];
        const drawn = await Promise.all(jobs.map(([rel, svg]) => drawings.draw(rel, svg)));
        assert.deepEqual(
          drawn.map((d) => [d.rel, 'error' in d ? 'crashed' : 'drawn']),
          jobs.map(([rel]) => [rel, rel === 'share/panic.svg' ? 'crashed' : 'drawn']),
        );
      } finally {
        drawings.close();
      }
    },
  );
  test(
    'once the pass has every drawing it lets its processes go: none is left idle behind it',
    { timeout: 30_000 },
    async () => {
      // This process's children that are drawing processes (Linux's /proc, as on CI).
      const drawers = () =>
        readdirSync(`/proc/${process.pid}/task`)
          .flatMap((t) => readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean))
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('rasterise.child');
            } catch {
              return false;
            }
          });
      await inDist(async (dist) => {
        mkdirSync(join(dist, 'share'));
        for (const h of [100, 200, 300]) writeFileSync(join(dist, `share/${h}.svg`), square(h));
        // Another test's processes may still be on their way out: only this pass's own are counted.
        const before = new Set(drawers());
        const ours = () => drawers().filter((pid) => !before.has(pid));
        const drawings = new Drawings();
        drawings.start();
        assert.equal(ours().length, 2, 'two processes while it draws');
        await startRasterising(dist, drawings)();
        for (let i = 0; i < 50 && ours().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
        assert.deepEqual(ours(), [], 'no drawing process left');
      });
    },
  );
  test(
    'a build that stops while its processes still have images to draw leaves none of them drawing on: each ends after the image it is on',
    { timeout: 30_000 },
    async () => {
      const slow =
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><filter id="b"><feGaussianBlur stdDeviation="4"/><feTurbulence baseFrequency="0.05" numOctaves="2"/></filter><rect width="1200" height="1200" fill="#345" filter="url(#b)"/></svg>';
      await inDist(async (dir) => {
        const script = join(dir, 'refused.ts');
        writeFileSync(
          script,
          `import { readdirSync, readFileSync } from 'node:fs';
import { Drawings } from ${JSON.stringify(new URL('../../src/passes/rasterise.ts', import.meta.url).href)};
const drawings = new Drawings();
drawings.start();
// About a second's drawing each: five queued behind the one each process is drawing.
const svg = ${JSON.stringify(slow)};
for (let i = 0; i < 12; i++) void drawings.draw('share/x' + i + '.svg', svg + '<!--' + i + '-->');
await new Promise((r) => setTimeout(r, 300));
const children = readdirSync('/proc/self/task').flatMap((t) => readFileSync('/proc/self/task/' + t + '/children', 'utf8').split(' ').filter(Boolean));
console.log(children.join(' '));
// As a guard's refusal ends the build: at once, without waiting for the drawings.
process.exit(1);
`,
        );
        const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
        const pids = r.stdout.trim().split(' ').filter(Boolean);
        assert.equal(pids.length, 2, r.stderr);
        const alive = () =>
          pids.filter(
            (pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '),
          );
        // Time for the image each was drawing, not for the five behind it.
        for (let i = 0; i < 30 && alive().length > 0; i++) await new Promise((res) => setTimeout(res, 100));
        assert.deepEqual(alive(), [], 'no drawing process draws on once the build is gone');
      });
    },
  );
  test('a build that stops without waiting for its drawings still ends: the processes, started idle, hold it only while they owe an answer', async () => {
    await inDist(async (dir) => {
      const script = join(dir, 'stops-early.ts');
      writeFileSync(
        script,
        `import { Drawings } from ${JSON.stringify(new URL('../../src/passes/rasterise.ts', import.meta.url).href)};
const drawings = new Drawings();
drawings.start();
drawings.offer('share/a.svg', ${JSON.stringify(square(630))});
await drawings.draw('share/a.svg', ${JSON.stringify(square(630))});
console.log('drawn');
`,
      );
      const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(r.error, undefined, 'it ended by itself');
      assert.equal(r.stdout, 'drawn\n', r.stderr);
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
