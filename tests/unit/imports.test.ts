/** The pipeline runs one way: no import cycle between files or folders and no upward import anywhere in src/. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cycles, importGraph, importsOf, layerOf, pipelineProblems } from '../support/import-graph.ts';
import { PIPELINE } from '../../src/core/pipeline.ts';
import { PROJECT } from '../support/fixture.ts';

describe('import graph of src/', () => {
  test('has no cycle and no import from a lower layer to a higher one', () => {
    const graph = importGraph(PROJECT);
    assert.ok(graph.size > 50, `read only ${graph.size} files`);
    assert.deepEqual(pipelineProblems(graph), []);
  });

  test('trips on an upward import, naming both files', () => {
    const graph = new Map([
      ['src/rederive/reference.ts', ['src/measures/splits.ts']],
      ['src/measures/splits.ts', []],
    ]);
    assert.deepEqual(pipelineProblems(graph), [
      'src/rederive/reference.ts (rederive) imports src/measures/splits.ts (measures): a lower pipeline layer may not import a higher one',
    ]);
  });

  test('trips on a cycle inside one layer, naming every file in it', () => {
    const graph = new Map([
      ['src/admission/admit.ts', ['src/admission/crosschecks.ts']],
      ['src/admission/crosschecks.ts', ['src/admission/types.ts']],
      ['src/admission/types.ts', ['src/admission/admit.ts']],
      ['src/admission/json.ts', []],
    ]);
    assert.deepEqual(cycles(graph), [
      ['src/admission/admit.ts', 'src/admission/crosschecks.ts', 'src/admission/types.ts'],
    ]);
    assert.match(
      pipelineProblems(graph).join('\n'),
      /import cycle: src\/admission\/admit\.ts -> src\/admission\/crosschecks\.ts -> src\/admission\/types\.ts/,
    );
  });

  test('every folder of src/ is one layer of the pipeline, and every layer a folder', () => {
    const folders = readdirSync(join(PROJECT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    assert.deepEqual(folders, PIPELINE.map(([f]) => f).sort());
  });

  test("CONTRIBUTING.md's layout table lists the pipeline's folders in its order, each with its own words", () => {
    const text = readFileSync(join(PROJECT, 'CONTRIBUTING.md'), 'utf8');
    const table = /<!-- pipeline:start -->([\s\S]*?)<!-- pipeline:end -->/.exec(text)?.[1] ?? '';
    const rows = [...table.matchAll(/^\| `src\/([^/`]+)\/` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      rows,
      PIPELINE.map(([f, holds]) => [f, holds]),
    );
  });

  test("a nested folder is its top folder's layer, not one of its own", () => {
    assert.deepEqual(layerOf('src/findings/descriptors/x.ts'), layerOf('src/findings/registry.ts'));
    assert.equal(layerOf('src/x.ts'), undefined);
  });

  test('trips on a cycle between folders that no file cycle shows', () => {
    const graph = new Map([
      ['src/findings/a.ts', ['src/findings/sub/b.ts']],
      ['src/findings/sub/b.ts', []],
      ['src/findings/sub/c.ts', ['src/findings/d.ts']],
      ['src/findings/d.ts', []],
    ]);
    assert.deepEqual(cycles(graph), []);
    assert.deepEqual(pipelineProblems(graph), [
      'folder cycle: src/findings -> src/findings/sub (a file in each imports a file in the next)',
    ]);
  });

  test('trips on a file in no layer', () => {
    assert.match(
      pipelineProblems(new Map([['src/misc/x.ts', []]])).join(''),
      /src\/misc\/x\.ts is in no pipeline layer/,
    );
  });

  test('reads type-only, side-effect, re-export and dynamic imports, and skips comments and packages', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import './b.css';",
      "export { c } from '../c.ts';",
      "const d = await import('./d.ts');",
      "import { z } from 'zod';",
      "// import { e } from './e.ts';",
      "/* import { f } from './f.ts'; */",
    ].join('\n');
    assert.deepEqual(importsOf(text).sort(), ['../c.ts', './a.ts', './b.css', './d.ts']);
  });
});
