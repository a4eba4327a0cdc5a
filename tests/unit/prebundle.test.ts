/**
 * The content-addressed prebundle never runs stale code: on a small synthetic
 * module graph, every kind of change after the bundle was built (a source, a
 * package's files or its package.json, a package shadowing it nearer the
 * importer, the bundle's own bytes, the manifest, the Node version) makes the
 * next run come from source with the new behaviour, and the rebuilt bundle then
 * carries it; a package's file rewritten in place is a miss even with its old bytes. Each run is a fresh Node process, as a command would be.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PROJECT } from '../support/fixture.ts';

const PREBUNDLE = join(PROJECT, 'scripts/lib/prebundle.ts');
let root = '';
const cache = () => join(root, 'cache');

function write(rel: string, text: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** One command run: where the entry came from and what it computed; with `rebuild`, the bundle is rebuilt after a miss. */
function run(rebuild = true): { from: string; value: string } {
  const script = [
    `import { importPrebundled } from ${JSON.stringify(PREBUNDLE)};`,
    `const r = await importPrebundled({ root: ${JSON.stringify(root)}, entry: 'src/entry.ts', cacheDir: ${JSON.stringify(cache())} });`,
    'console.log(JSON.stringify({ from: r.from, value: r.module.value() }));',
    rebuild ? 'await r.rebuild();' : '',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: '' } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { from: string; value: string };
}

const manifestFile = () => join(cache(), readdirSync(cache()).find((f) => f.endsWith('.manifest.json'))!);
const bundleFile = () => join(cache(), `${(JSON.parse(readFileSync(manifestFile(), 'utf8')) as { bundle: string }).bundle}.mjs`);

describe('prebundle', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'prebundle-'));
    write('package.json', '{ "type": "module" }');
    write('src/entry.ts', "import { basename } from 'node:path';\nimport { a } from './a.ts';\nimport { p } from './lib/b.ts';\nexport const value = (): string => basename(`/x/${a}-${p}`);\n");
    write('src/a.ts', "export const a: string = 'a1';\n");
    write('src/lib/b.ts', "import { pkg } from 'pkg';\nexport const p = pkg;\n");
    write('node_modules/pkg/package.json', '{ "name": "pkg", "type": "module", "exports": "./index.js" }');
    write('node_modules/pkg/index.js', "export const pkg = 'p1';\n");
    write('node_modules/pkg/other.js', "export const pkg = 'p-other';\n");
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('the first run comes from source and builds the bundle; the next comes from it', () => {
    assert.deepEqual(run(), { from: 'source', value: 'a1-p1' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a1-p1' });
  });

  test("the bundle takes Node's modules as they are, not through an ESM import", () => {
    const code = readFileSync(bundleFile(), 'utf8');
    assert.match(code, /process\.getBuiltinModule\("node:path"\)/);
    assert.doesNotMatch(code, /from\s*["'](node:)?path["']/);
  });

  test('a changed source is a miss, and the rebuilt bundle carries the change', () => {
    write('src/a.ts', "export const a: string = 'a2';\n");
    assert.deepEqual(run(), { from: 'source', value: 'a2-p1' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a2-p1' });
  });

  test("a changed file inside a package is a miss", () => {
    write('node_modules/pkg/index.js', "export const pkg = 'p2';\n");
    assert.deepEqual(run(), { from: 'source', value: 'a2-p2' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a2-p2' });
  });

  test("a package's file is keyed by its change time: rewritten with its own bytes and its old modification time, it is a miss", () => {
    const file = join(root, 'node_modules/pkg/index.js');
    const entry = (JSON.parse(readFileSync(manifestFile(), 'utf8')) as { inputs: unknown[][] }).inputs.find(([f]) => f === 'node_modules/pkg/index.js');
    assert.equal(entry?.length, 3, 'recorded as [path, size, change time]');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, readFileSync(file));
    utimesSync(file, atime, mtime);
    assert.deepEqual(run(), { from: 'source', value: 'a2-p2' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a2-p2' });
  });

  test('a manifest that keys a source by change time instead of its bytes is a miss (the key then lacks those bytes)', () => {
    const m = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { inputs: unknown[][] };
    const forged = m.inputs.map((e) => (e[0] === 'src/a.ts' ? [...e, statSync(join(root, 'src/a.ts')).ctimeMs] : e));
    writeFileSync(manifestFile(), JSON.stringify({ ...m, inputs: forged }));
    assert.equal(run().from, 'source');
    assert.equal(run().from, 'bundle');
  });

  test("a package.json that resolves the package elsewhere is a miss", () => {
    write('node_modules/pkg/package.json', '{ "name": "pkg", "type": "module", "exports": "./other.js" }');
    assert.deepEqual(run(), { from: 'source', value: 'a2-p-other' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a2-p-other' });
  });

  test('a package added nearer the importer, shadowing the bundled one, is a miss', () => {
    write('src/lib/node_modules/pkg/package.json', '{ "name": "pkg", "type": "module", "exports": "./index.js" }');
    write('src/lib/node_modules/pkg/index.js', "export const pkg = 'p-near';\n");
    assert.deepEqual(run(), { from: 'source', value: 'a2-p-near' });
    assert.deepEqual(run(), { from: 'bundle', value: 'a2-p-near' });
  });

  test('a bundle whose bytes are not the ones the manifest names is never run', () => {
    const file = bundleFile();
    const bytes = readFileSync(file, 'utf8');
    const tampered = bytes.replace(/(["'])a2\1/, '"tampered"');
    assert.notEqual(tampered, bytes);
    writeFileSync(file, tampered);
    assert.deepEqual(run(false), { from: 'source', value: 'a2-p-near' });
  });

  test('a manifest from another Node version, or one that does not parse, is a miss', () => {
    run(); // rebuild after the tampering above
    assert.equal(run().from, 'bundle');
    const m = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { node: string };
    writeFileSync(manifestFile(), JSON.stringify({ ...m, node: 'v0.0.0' }));
    assert.equal(run(false).from, 'source');
    writeFileSync(manifestFile(), '{ not json');
    assert.equal(run(false).from, 'source');
    rmSync(manifestFile());
    assert.equal(run().from, 'source');
    assert.equal(run().from, 'bundle');
  });

  test('a manifest with an input taken off its list is a miss (the prebundle code itself must be listed)', () => {
    const m = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { inputs: [string, string][] };
    writeFileSync(manifestFile(), JSON.stringify({ ...m, inputs: m.inputs.filter(([f]) => !f.endsWith('prebundle.ts')) }));
    assert.equal(run(false).from, 'source');
  });
});
