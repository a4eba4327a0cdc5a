/**
 * Builds the site from a throw-away copy of the project, so a test can build it with other
 * artifacts or settings and watch the real build refuse. The copy has a node_modules folder of its own
 * holding a link to each entry of the project's node_modules except the tools' caches
 * (scripts/lib/tool-caches.ts); the packages themselves are the project's, not copied, and a
 * folder a build creates there, such as Vite's cache, is the copy's.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { PROJECT, SHARED } from './fixture.ts';
import { TOOL_CACHES } from '../../scripts/lib/tool-caches.ts';

export interface Sandbox {
  readonly dir: string;
  /** `args`: more options for `astro build`. */
  build(env?: Record<string, string>, args?: readonly string[]): { code: number; output: string; dist: string };
  dispose(): void;
}

/** The sandbox is a changed copy of the project, so it declares the project's commit as dirty (src/site/site-revision.ts). */
function declaredRevision(): Record<string, string> {
  const git = (args: string[]) => spawnSync('git', ['-C', PROJECT, ...args], { encoding: 'utf8' }).stdout.trim();
  const commit = git(['rev-parse', 'HEAD']);
  if (!/^[0-9a-f]{40}$/.test(commit)) return {};
  return { SITE_COMMIT: `${commit}+dirty`, SITE_COMMIT_DATE: git(['show', '-s', '--format=%cI', 'HEAD']) };
}

const COPIED = [
  'package.json',
  'astro.config.mjs',
  'tsconfig.json',
  'artifacts.lock.json',
  'src',
  'content',
  'public',
  'scripts',
];

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'trail-site-'));
  for (const entry of COPIED) cpSync(join(PROJECT, entry), join(dir, entry), { recursive: true });
  // Every entry but the tools' caches, which a fresh install would not have either.
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(PROJECT, 'node_modules'))) {
    if (!TOOL_CACHES.includes(entry))
      symlinkSync(join(PROJECT, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return {
    dir,
    build: (env = {}, args = []) => {
      const r = spawnSync(process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build', ...args], {
        cwd: dir,
        env: { ...process.env, AUDIT_ROOT: SHARED, ASTRO_TELEMETRY_DISABLED: '1', ...declaredRevision(), ...env },
        encoding: 'utf8',
        timeout: 240_000,
      });
      // Without the colours a logger adds on CI, so the tests read the words as a reader would.
      return {
        code: r.status ?? -1,
        output: stripVTControlCharacters(`${r.stdout}\n${r.stderr}`),
        dist: join(dir, 'dist'),
      };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
