/** `npm run verify`: admits the artifacts in place (never fetches), re-derives what they report, and prints each check. */
export {};

const started = performance.now();
// Imported dynamically so --timing can tell module loading from the admission work itself.
const { assembleAudit } = await import('../src/audit/assemble.ts');
const { artifactsRoot, lockPath } = await import('../src/admission/paths.ts');
const { reportRefusal, summarise } = await import('../src/admission/report.ts');
const loaded = performance.now();

try {
  const audit = assembleAudit({ root: artifactsRoot(), lockPath: lockPath() });
  const admitted = performance.now();
  console.log(summarise(audit));
  if (process.argv.includes('--timing')) {
    console.log(`timing: modules loaded in ${(loaded - started).toFixed(1)} ms, admission in ${(admitted - loaded).toFixed(1)} ms`);
  }
} catch (e) {
  process.exitCode = reportRefusal(e);
}
