/**
 * `npm run verify`: admits the artifacts in place (never fetches), re-derives what
 * they report, and prints each check (scripts/lib/verify-run.ts). Loads that code
 * from a content-addressed prebundle when one was built from exactly the files on
 * disk (scripts/lib/prebundle.ts), otherwise from source, then rebuilds the bundle.
 * VERIFY_PREBUNDLE=0 always runs from source and leaves the bundle alone.
 */
import { importPrebundled, type PrebundleSpec } from './lib/prebundle.ts';

// Not an ESM import of node:path: see the top of lib/prebundle.ts.
const { join } = process.getBuiltinModule('node:path');

// process.uptime, not performance.now: the performance global loads nine modules (about 3 ms here).
const sinceStart = () => process.uptime() * 1000;
const started = sinceStart();
const root = join(import.meta.dirname, '..');
const spec: PrebundleSpec = { root, entry: 'scripts/lib/verify-run.ts', cacheDir: join(root, 'node_modules/.cache/prebundle') };
const useBundle = process.env['VERIFY_PREBUNDLE'] !== '0';

const { module, from, rebuild } = useBundle
  ? await importPrebundled<typeof import('./lib/verify-run.ts')>(spec)
  : { module: await import('./lib/verify-run.ts'), from: 'source' as const, rebuild: async () => {} };
const loaded = sinceStart();
process.exitCode = module.verify(process.argv.includes('--timing') ? { started, loaded, from, now: sinceStart } : undefined);
await rebuild();
