/**
 * A fresh build of the site, made by this test process for the tests that judge built
 * pages on the real artifacts: never the project's dist/, which may be a previous
 * build's. Built once per test file that asks, in a sandbox (tests/support/build.ts).
 */
import { sandbox } from './build.ts';

let dist: string | undefined;

export function builtSite(): string {
  if (dist) return dist;
  const box = sandbox();
  const r = box.build();
  if (r.code !== 0) {
    box.dispose();
    throw new Error(`the test's own build of the site failed:\n${r.output.slice(-3000)}`);
  }
  process.once('exit', () => box.dispose());
  return (dist = r.dist);
}
