/** The pipeline runs one way: no import cycle and no upward import anywhere in src/. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cycles, importGraph, importsOf, pipelineProblems } from '../support/import-graph.ts';
import { PROJECT } from '../support/fixture.ts';

describe('import graph of src/', () => {
  test('has no cycle and no import from a lower layer to a higher one', () => {
    const graph = importGraph(PROJECT);
    assert.ok(graph.size > 50, `read only ${graph.size} files`);
    assert.deepEqual(pipelineProblems(graph), []);
  });

  test('trips on an upward import, naming both files', () => {
    const graph = new Map([
      ['src/rederive/reference.ts', ['src/derive/splits.ts']],
      ['src/derive/splits.ts', []],
    ]);
    assert.deepEqual(pipelineProblems(graph), [
      'src/rederive/reference.ts (rederive) imports src/derive/splits.ts (derive): a lower pipeline layer may not import a higher one',
    ]);
  });

  test('trips on a cycle inside one layer, naming every file in it', () => {
    const graph = new Map([
      ['src/admission/admit.ts', ['src/admission/crosschecks.ts']],
      ['src/admission/crosschecks.ts', ['src/admission/types.ts']],
      ['src/admission/types.ts', ['src/admission/admit.ts']],
      ['src/admission/json.ts', []],
    ]);
    assert.deepEqual(cycles(graph), [['src/admission/admit.ts', 'src/admission/crosschecks.ts', 'src/admission/types.ts']]);
    assert.match(pipelineProblems(graph).join('\n'), /import cycle: src\/admission\/admit\.ts -> src\/admission\/crosschecks\.ts -> src\/admission\/types\.ts/);
  });

  test('trips on a file in no layer', () => {
    assert.match(pipelineProblems(new Map([['src/misc/x.ts', []]])).join(''), /src\/misc\/x\.ts is in no pipeline layer/);
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
