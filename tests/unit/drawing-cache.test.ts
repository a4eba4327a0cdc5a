/**
 * The charts' drawings kept between builds (src/charts/drawing-cache.ts): a build takes
 * an entry only under a key that every input of the drawing went into, draws what it
 * does not find (or cannot read), and never takes a second drawing of one id from the
 * cache. Without a key (tests, the dev server) every chart is drawn.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cachedDrawings, commitDrawings, drawingsKey, useDrawingsCache, type DrawingInputs } from '../../src/charts/drawing-cache.ts';
import { importGraph } from '../support/import-graph.ts';
import { PROJECT_CONFIGURATION } from '../../src/core/inputs-key.ts';
import { PROJECT } from '../support/fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'drawings-'));
const SLOT = Symbol.for('trail-audit-site.chart-drawings');
const noCache = () => delete (globalThis as Record<symbol, unknown>)[SLOT];
after(() => {
  noCache();
  rmSync(dir, { recursive: true, force: true });
});

let drawn = 0;
const draw = (tag: string) => () => {
  drawn++;
  return { wide: `<svg id="w">${tag}</svg>`, narrow: `<svg id="n">${tag}</svg>` };
};
const mustNotDraw = () => {
  throw new Error('drawn, though the cache holds it');
};

describe('chart drawings kept between builds', () => {
  test('without a key every chart is drawn, every time', () => {
    noCache();
    drawn = 0;
    cachedDrawings('a', draw('one'));
    cachedDrawings('a', draw('one'));
    assert.equal(drawn, 2);
  });

  /** One build under `key`: draws (or takes) each id, then passes with `keyNow` as the key taken again at its end. */
  const build = (cache: string, key: string, ids: Record<string, () => ReturnType<ReturnType<typeof draw>>>, keyNow = key) => {
    useDrawingsCache(cache, key);
    const out = Object.fromEntries(Object.entries(ids).map(([id, d]) => [id, cachedDrawings(id, d)]));
    commitDrawings(() => keyNow);
    return out;
  };

  test('a later build with the same key takes the drawing as stored, without drawing', () => {
    const cache = join(dir, 'same');
    const first = build(cache, 'k1', { a: draw('one') });
    assert.deepEqual(build(cache, 'k1', { a: mustNotDraw }), first);
  });

  test('nothing is stored until the build has passed, nor when the key taken then differs (a source edited during the build)', () => {
    const cache = join(dir, 'unstored');
    useDrawingsCache(cache, 'k1');
    cachedDrawings('a', draw('one'));
    assert.throws(() => readdirSync(cache), /ENOENT/, 'nothing written while the build runs');
    build(cache, 'k1', { a: draw('one') }, 'k1-after-an-edit');
    assert.throws(() => readdirSync(cache), /ENOENT/);
    drawn = 0;
    build(cache, 'k1', { a: draw('one') });
    assert.equal(drawn, 1, 'drawn again');
  });

  test('another key, or another id, is a miss', () => {
    const cache = join(dir, 'keys');
    build(cache, 'k1', { a: draw('one') });
    const later = build(cache, 'k2', { a: draw('two'), b: draw('three') });
    assert.equal(later['a']!.wide, '<svg id="w">two</svg>');
    assert.equal(later['b']!.wide, '<svg id="w">three</svg>');
  });

  test('an id asked for twice in one build is drawn the second time', () => {
    const cache = join(dir, 'twice');
    build(cache, 'k1', { a: draw('one') });
    useDrawingsCache(cache, 'k1');
    cachedDrawings('a', mustNotDraw);
    assert.equal(cachedDrawings('a', draw('again')).wide, '<svg id="w">again</svg>');
  });

  test('an entry that does not read as two drawings is drawn again and replaced', () => {
    const cache = join(dir, 'bad');
    build(cache, 'k1', { a: draw('one') });
    const [entry] = readdirSync(cache);
    for (const bad of ['not json', '{"wide":"<svg></svg>"}', '{"wide":"<script>x</script>","narrow":"<svg></svg>"}', 'null']) {
      writeFileSync(join(cache, entry!), bad);
      assert.equal(build(cache, 'k1', { a: draw('fresh') })['a']!.narrow, '<svg id="n">fresh</svg>', bad);
      assert.match(readFileSync(join(cache, entry!), 'utf8'), /fresh/);
    }
  });

  test("the key changes with every input: the admitted audit, the site's address, its revision, the Plot bundle, any file under src/", () => {
    const root = join(dir, 'project');
    mkdirSync(join(root, 'src/charts'), { recursive: true });
    writeFileSync(join(root, 'src/charts/a.ts'), 'export const a = 1;\n');
    for (const f of PROJECT_CONFIGURATION) {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), f);
    }
    const inputs: DrawingInputs = { root, audit: '{"lock":{"files":[]},"history":[]}', site: 'https://example.org', base: '/', revision: 'a'.repeat(40), plot: 'node_modules' };
    const key = drawingsKey(inputs);
    assert.match(key ?? '', /^[0-9a-f]{64}$/);
    assert.equal(drawingsKey(inputs), key, 'the same inputs, the same key');
    for (const changed of [
      { audit: '{"lock":{"files":[1]},"history":[]}' },
      { site: 'https://example.com' },
      { base: '/trail/' },
      { revision: `${'a'.repeat(40)}+dirty` },
      { plot: '/x/node_modules/.cache/plot-bundle/0123.mjs' },
    ]) assert.notEqual(drawingsKey({ ...inputs, ...changed }), key, JSON.stringify(changed));
    writeFileSync(join(root, 'src/charts/a.ts'), 'export const a = 2;\n');
    assert.notEqual(drawingsKey(inputs), key, 'a changed source');
    writeFileSync(join(root, 'src/charts/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'src/b.ts'), '');
    assert.notEqual(drawingsKey(inputs), key, 'an added source');
  });

  test('a drawing depends on the audit and the code alone: nothing the charts import reads the clock, the environment or chance', () => {
    const graph = importGraph(PROJECT);
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of graph.get(file) ?? []) visit(next);
    };
    visit('src/charts/charts.ts');
    assert.ok(seen.size > 10, `the charts' imports were found (${seen.size})`);
    // The cache's own files (drawing-cache.ts, and cache-files.ts, which reads the clock to tidy) hold no drawing code.
    const offenders = [...seen].filter((f) => f !== 'src/charts/drawing-cache.ts' && f !== 'src/core/cache-files.ts' && /process\.env|Date\.now|new Date\(|Math\.random|performance\.now|process\.hrtime/.test(readFileSync(join(PROJECT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
