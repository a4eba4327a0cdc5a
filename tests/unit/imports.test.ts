/** The pipeline runs one way (.dependency-cruiser.cjs): no import cycle and no upward import anywhere in src/. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { PIPELINE } from '../../src/core/pipeline.ts';
import { PROJECT } from '../support/fixture.ts';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};
const temp = mkdtempSync(join(tmpdir(), 'imports-test-'));
after(() => rmSync(temp, { recursive: true, force: true }));

/** The rules' violations in `root`'s src/, as `rule: from -> to`. */
async function violations(root: string): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result: IReporterOutput = await cruise(['src'], {
      ...config.options,
      tsConfig: undefined,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    } as never);
    const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}
/** A made-up src/ of files importing each other. */
function tree(files: Record<string, string[]>): string {
  const root = mkdtempSync(join(temp, 'src-'));
  for (const [file, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    const lines = imports.map((to, i) => `import { x${i} } from '${to}';`);
    writeFileSync(join(root, file), `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  return root;
}

describe('import graph of src/', () => {
  test('has no cycle and no import from a lower layer to a higher one', async () => {
    assert.deepEqual(await violations(PROJECT), []);
  });

  test('trips on an upward import, naming both files', async () => {
    const root = tree({ 'src/rederive/reference.ts': ['../measures/splits.ts'], 'src/measures/splits.ts': [] });
    assert.deepEqual(await violations(root), ['layer-rederive: src/rederive/reference.ts -> src/measures/splits.ts']);
  });

  test('trips on a cycle inside one layer, and on a file in no layer', async () => {
    const root = tree({
      'src/admission/admit.ts': ['./types.ts'],
      'src/admission/types.ts': ['./admit.ts'],
      'src/misc/x.ts': ['../admission/admit.ts'],
    });
    const found = await violations(root);
    assert.ok(found.includes('no-circular: src/admission/admit.ts -> src/admission/types.ts'), found.join('\n'));
    assert.ok(found.includes('in-a-layer: src/misc/x.ts -> src/admission/admit.ts'), found.join('\n'));
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
    // Prettier pads the cells to align the columns.
    const rows = [...table.matchAll(/^\| `src\/([^/`]+)\/` *\| (.+?) *\|$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      rows,
      PIPELINE.map(([f, holds]) => [f, holds]),
    );
  });
});
