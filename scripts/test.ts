/**
 * `npm test`: every check in turn, each run even when one before it failed, then a summary; only missing
 * audit files (every test reads them) stop it first.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

// Built and served as a GitHub project page is, unless the caller names the address: no test may assume `/`.
process.env['SITE_BASE'] ??= '/trail-audit-site/';
process.env['SITE_URL'] ??= 'https://example.github.io';
// The browser suite serves this checkout's build on a port no other server holds (playwright.config.ts reads PORT).
process.env['PORT'] ??= await new Promise<string>((done) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => done(String(port)));
  });
});

const run = (args: readonly string[], command = 'npm') => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

if (!run([`${import.meta.dirname}/check-test-artifacts.ts`], process.execPath)) process.exit(1);
const results = [
  ['lint', ['run', 'lint']],
  ['type check', ['run', 'check']],
  ['build', ['run', 'build']],
  ['unit suite', ['run', 'test:unit']],
  ['browser suite', ['run', 'test:e2e']],
].map(([name, args]) => [name, run(args as string[])] as const);
console.log(`\nnpm test: ${results.map(([name, ok]) => `${name} ${ok ? 'passed' : 'FAILED'}`).join('; ')}`);
process.exitCode = results.every(([, ok]) => ok) ? 0 : 1;
