/**
 * Plot's prebundle (scripts/lib/plot-bundle.ts) draws what Plot from node_modules draws:
 * every chart of the site, at both widths, rendered in two Node processes, one with
 * `@observablehq/plot` resolved to the bundle. Vite takes the bundle only on the server
 * side of a build and only while it is fresh.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Plugin } from 'vite';
import { freshBundle } from '../../scripts/lib/prebundle.ts';
import { PLOT, plotBundleSpec, plotFromBundle, refreshPlotBundle } from '../../scripts/lib/plot-bundle.ts';
import { PROJECT } from '../support/fixture.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'plot-bundle-'));
const spec = { ...plotBundleSpec(PROJECT), cacheDir };
after(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Every chart the snapshots draw, as one JSON string, from a fresh Node process; with `bundle`, Plot comes from it. */
function drawAll(bundle?: string): string {
  const plots = pathToFileURL(join(PROJECT, 'tests/plots/index.ts')).href;
  const audit = pathToFileURL(join(PROJECT, 'tests/support/synthetic-audit.ts')).href;
  const redirect = bundle
    ? `import { registerHooks } from 'node:module'; registerHooks({
        resolve: (s, c, next) => s === ${JSON.stringify(PLOT)} ? { url: ${JSON.stringify(pathToFileURL(bundle).href)}, shortCircuit: true } : next(s, c),
        // Proof the bundle drew them: Plot's own files are never loaded in this process.
        load: (u, c, next) => { if (u.includes('/@observablehq/plot/src/')) throw new Error('loaded ' + u); return next(u, c); },
      });`
    : '';
  const script = `${redirect}
    const plots = await import(${JSON.stringify(plots)}); const { syntheticAudit } = await import(${JSON.stringify(audit)});
    const a = syntheticAudit(); const out = {}; for (const [name, draw] of Object.entries(plots)) out[name] = draw(a).svg;
    process.stdout.write(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: PROJECT, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe("Plot's prebundle", () => {
  let bundle: string;
  before(async () => {
    await refreshPlotBundle(spec);
    bundle = freshBundle(spec)!;
  });

  test('is built fresh, and a second refresh keeps it', async () => {
    assert.ok(bundle, 'a fresh bundle after a refresh');
    await refreshPlotBundle(spec);
    assert.equal(freshBundle(spec), bundle);
  });

  test('every chart, at desktop and phone width, is the same drawn from the bundle as from node_modules', () => {
    const native = drawAll();
    assert.ok(native.length > 10_000 && native.includes('<svg'), 'the charts were drawn');
    assert.equal(drawAll(bundle), native);
  });

  const resolveId = (p: Plugin, source: string) => (p.resolveId as (this: unknown, s: string) => unknown).call({}, source);

  test('Vite resolves Plot to the bundle, for the server side of a build only', () => {
    const p = plotFromBundle(freshBundle(spec));
    assert.deepEqual(resolveId(p, PLOT), { id: bundle, external: 'absolute' });
    assert.equal(resolveId(p, 'd3'), null);
    assert.equal(p.apply, 'build');
    const applies = p.applyToEnvironment as (e: { config: { consumer: string } }) => boolean;
    assert.equal(applies({ config: { consumer: 'server' } }), true);
    assert.equal(applies({ config: { consumer: 'client' } }), false);
  });

  test('a bundle that is not fresh is not used: Plot then comes from node_modules', () => {
    const manifest = readdirSync(cacheDir).find((f) => f.endsWith('.manifest.json'))!;
    writeFileSync(join(cacheDir, manifest), '{}');
    assert.equal(freshBundle(spec), undefined);
    assert.equal(resolveId(plotFromBundle(freshBundle(spec)), PLOT), null);
  });
});
