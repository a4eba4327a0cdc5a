/**
 * The one build of the site the unit suite judges: made once per run by `npm run test:unit`
 * (Node's --test-global-setup runs globalSetup before any test file), in a sandbox
 * (tests/support/build.ts), for a project page at BUILT_URL + BUILT_BASE, as Pages publishes
 * it. The test files read it and never change it (a test that edits pages copies it first).
 * A test file run on its own builds its own. A failed build fails each test that reads it,
 * with the build's output; the others still run and the run ends with its summary.
 */
import { sandbox, type Sandbox } from './build.ts';

export const BUILT_URL = 'https://o.github.io';
export const BUILT_BASE = '/site/';
const VARIABLE = 'TRAIL_TEST_BUILT_SITE';
const FAILED = 'TRAIL_TEST_BUILT_SITE_FAILED';

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
  try {
    const { dist, box } = build();
    shared = box;
    process.env[VARIABLE] = dist;
  } catch (e) {
    process.env[FAILED] = e instanceof Error ? e.message : String(e);
  }
}

export function globalTeardown(): void {
  shared?.dispose();
}

/** The built site's folder. */
export function builtSite(): string {
  const given = process.env[VARIABLE];
  if (given) return given;
  const failed = process.env[FAILED];
  if (failed) throw new Error(failed);
  const { dist, box } = build();
  process.once('exit', () => box.dispose());
  return (process.env[VARIABLE] = dist);
}
