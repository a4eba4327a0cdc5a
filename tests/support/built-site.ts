/**
 * The one build of the site the unit suite judges: made once per run by `npm run test:unit`
 * (Node's --test-global-setup runs globalSetup before any test file), in a sandbox
 * (tests/support/build.ts), for a project page at BUILT_URL + BUILT_BASE, as Pages publishes
 * it. The test files read it and never change it (a test that edits pages copies it first).
 * A test file run on its own builds its own.
 */
import { sandbox, type Sandbox } from './build.ts';

export const BUILT_URL = 'https://o.github.io';
export const BUILT_BASE = '/site/';
const VARIABLE = 'TRAIL_TEST_BUILT_SITE';

function build(): { dist: string; box: Sandbox } {
  const box = sandbox();
  const r = box.build({ SITE_URL: BUILT_URL, SITE_BASE: BUILT_BASE });
  if (r.code !== 0) {
    box.dispose();
    throw new Error(`the tests' build of the site failed:\n${r.output.slice(-3000)}`);
  }
  return { dist: r.dist, box };
}

let shared: Sandbox | undefined;

export function globalSetup(): void {
  const { dist, box } = build();
  shared = box;
  process.env[VARIABLE] = dist;
}

export function globalTeardown(): void {
  shared?.dispose();
}

/** The built site's folder. */
export function builtSite(): string {
  const given = process.env[VARIABLE];
  if (given) return given;
  const { dist, box } = build();
  process.once('exit', () => box.dispose());
  return (process.env[VARIABLE] = dist);
}
