/**
 * `npm run pages:dry-run [-- --site "custom domain"] [--keep]`
 * What the deploy job would publish, made here: a fresh clone of HEAD in a temp folder, the
 * workflow's build-job steps run in order with the environment the workflow gives them (read
 * from .github/workflows/pages.yml and evaluated by GitHub's expression engine, with
 * configure-pages' outputs simulated for a project page), the folder archived as
 * upload-pages-artifact archives it, and that archive checked (scripts/ci/upload-check.ts).
 *
 * Where a step cannot run here, it is stood in for, and the run says so:
 *   actions/checkout            the fresh clone of HEAD
 *   actions/setup-node          the Node package-lock.json pins (node_modules/.bin/node)
 *   actions/configure-pages     simulated outputs
 *   `npm ci`                    node_modules hard-linked from this checkout when the lock is
 *                               the same file, else `npm ci --prefer-offline`
 *   `npm run artifacts`         `npm run artifacts -- --from $AUDIT_ARTIFACTS` (no network here)
 *   `npm run artifacts -- --prove`  skipped (it needs the audit's repository; the unit tests
 *                               run the same proof against a loopback copy of it)
 *   `npm test`                  `npm run build`, the part of it that writes dist/ (the tests
 *                               themselves run in `npm test`)
 *   Playwright's browser, the caches, the screenshots: skipped, they change nothing uploaded.
 * Any other step runs as written; an action it does not know stops the dry run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditCopy } from '../src/admission/paths.ts';
import { parseArgs } from 'node:util';
import { checkUpload } from './ci/upload-check.ts';
import { PAGES_SITES, holds, readWorkflow, stepEnv, usesAction, type PagesSite, type Simulation, type Step } from './ci/workflow.ts';

class DryRunError extends Error {}

const { values } = parseArgs({ options: { site: { type: 'string', default: 'project page' }, keep: { type: 'boolean', default: false } } });
const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'pages-dry-run-'));
const clone = join(work, 'site');
// Settings from the caller's shell must not reach the build: the workflow's are the ones that count.
const SCRUBBED = ['SITE_URL', 'SITE_BASE', 'SITE_PUBLISH', 'SITE_COMMIT', 'SITE_COMMIT_DATE', 'SITE_REPOSITORY', 'AUDIT_ROOT', 'AUDIT_LOCK', 'AUDIT_DOWNLOAD_BASE', 'PORT'];

function sh(cmd: string, env: Record<string, string>, label: string): void {
  const t = performance.now();
  const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', cmd], { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new DryRunError(`step "${label}" failed (exit ${r.status}): \`${cmd}\`\n${out}`);
  }
  console.log(`  ran   ${label}: \`${cmd}\` (${seconds(t)})`);
}

function install(env: Record<string, string>, label: string): void {
  const t = performance.now();
  const sameLock = existsSync(join(root, 'node_modules/.package-lock.json')) && readFileSync(join(root, 'package-lock.json'), 'utf8') === readFileSync(join(clone, 'package-lock.json'), 'utf8');
  if (!sameLock) return sh('npm ci --prefer-offline --no-audit --no-fund', env, `${label} (the lock differs from this checkout's: a real install)`);
  // Hard links cost no copying, but only within one file system.
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(clone, 'node_modules')], { encoding: 'utf8' });
  if (linked.status !== 0) {
    rmSync(join(clone, 'node_modules'), { recursive: true, force: true });
    return sh('npm ci --prefer-offline --no-audit --no-fund', env, `${label} (node_modules cannot be hard-linked across file systems: a real install)`);
  }
  // npm ci leaves no tool's cache behind: Vite's, Astro's or any other under node_modules goes, so the build starts cold as on the runner.
  for (const cache of ['.vite', '.astro', '.cache']) rmSync(join(clone, 'node_modules', cache), { recursive: true, force: true });
  // What npm ci runs after installing: the check that the locked Node is the one npm run uses.
  sh('npm run --silent postinstall', env, `${label}, the postinstall check`);
  console.log(`  stood in for \`npm ci\`: node_modules hard-linked from ${root} (same package-lock.json), its tools' caches left out (${seconds(t)})`);
}

function stepLabel(step: Step, i: number): string {
  return `${i + 1}. ${step.name ?? step.uses?.split('@')[0] ?? step.run!.split('\n')[0]}`;
}

try {
  const site = values.site as PagesSite;
  if (!(site in PAGES_SITES)) throw new DryRunError(`--site: expected one of ${Object.keys(PAGES_SITES).map((s) => `"${s}"`).join(', ')}; found "${site}"`);
  const pages = PAGES_SITES[site];
  const artifacts = auditCopy(root);
  if (!existsSync(join(artifacts, 'results'))) throw new DryRunError(`AUDIT_ARTIFACTS: expected a folder laid out like the audit repository at ${artifacts}; found no results/ there`);

  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (rev.status !== 0) throw new DryRunError(`${root}: expected a git checkout with a commit to clone; git says: ${rev.stderr.trim()}`);
  const head = rev.stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  if (dirty) console.log('note: this checkout has uncommitted changes; the dry run builds HEAD without them, as CI would');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', head]);
  console.log(`pages dry run: a fresh clone of HEAD ${head.slice(0, 12)} in ${clone}; configure-pages simulated for a ${site} (origin ${pages.origin}, base_path "${pages.base_path}")`);

  const { workflow } = readWorkflow(clone);
  const uploading = Object.entries(workflow.jobs).find(([, j]) => (j.steps ?? []).some((s) => usesAction(s, 'actions/upload-pages-artifact')));
  if (!uploading) throw new DryRunError('.github/workflows/pages.yml: expected a job using actions/upload-pages-artifact; found none');
  const [jobId, job] = uploading;
  const steps = job.steps ?? [];
  const uploadAt = steps.findIndex((s) => usesAction(s, 'actions/upload-pages-artifact'));
  const outputs: Record<string, Record<string, string>> = { browsers: { 'cache-hit': 'false' } };
  const sim = (): Simulation => ({ event: 'push to main', site, steps: outputs });
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !SCRUBBED.includes(k))) as Record<string, string>;

  console.log(`job "${jobId}", steps 1 to ${uploadAt} (a push to main):`);
  for (const [i, step] of steps.slice(0, uploadAt).entries()) {
    const label = stepLabel(step, i);
    if (!holds(step.if, sim())) {
      console.log(`  skip  ${label}: its condition does not hold on a push to main`);
      continue;
    }
    if (step.uses) {
      const action = step.uses.split('@')[0];
      const standIn: Record<string, string> = {
        'actions/checkout': `the fresh clone of ${head.slice(0, 12)}`,
        'actions/setup-node': 'the Node package-lock.json pins, which npm run puts first on PATH',
        'actions/configure-pages': `simulated: origin ${pages.origin}, base_path "${pages.base_path}"`,
        'actions/cache': 'skipped: a cache restores nothing that reaches the upload',
        'actions/upload-artifact': 'skipped: the test screenshots are not part of the upload',
      };
      if (!action || !standIn[action]) throw new DryRunError(`.github/workflows/pages.yml: jobs.${jobId} step ${label} uses ${step.uses}, which the dry run cannot stand in for; teach scripts/pages-dry-run.ts what it does`);
      console.log(`  ${standIn[action].startsWith('skipped') ? 'skip ' : 'stand'} ${label}: ${standIn[action]}`);
      continue;
    }
    const run = step.run!.trim();
    // The variables every runner step has that the build reads (publishing mode, the commit, the repository).
    const runner = { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_SHA: head, GITHUB_REPOSITORY: 'dry-run-owner/trail-audit-site', GITHUB_SERVER_URL: 'https://github.com', GITHUB_OUTPUT: join(work, `output-${i}`) };
    const env: Record<string, string> = { ...base, ...stepEnv(workflow, job, step, sim()), ...runner };
    env['AUDIT_ARTIFACTS'] = artifacts;
    if (/^npm ci\b/.test(run)) install(env, label);
    else if (/^npx playwright install/.test(run)) console.log(`  skip  ${label}: the browser is for the tests, not the build`);
    else if (run === 'npm run artifacts') sh(`npm run artifacts -- --from "${artifacts}"`, env, `${label} (from AUDIT_ARTIFACTS instead of the download)`);
    else if (run === 'npm run artifacts -- --prove') console.log(`  skip  ${label}: it downloads from the audit's repository, which is not reachable here; npm test runs the same proof against a loopback copy of it`);
    else if (run === 'npm test') sh('npm run build', env, `${label} (its build; SITE_URL=${env['SITE_URL'] ?? ''} SITE_BASE=${env['SITE_BASE'] ?? ''})`);
    else sh(run, env, label);
    if (step.id && existsSync(env['GITHUB_OUTPUT']!)) {
      outputs[step.id] = Object.fromEntries(
        readFileSync(env['GITHUB_OUTPUT']!, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    }
  }

  // The archive upload-pages-artifact makes (its tar command: hidden files, .git and .github left out).
  const uploadEnv = stepEnv(workflow, job, steps.find((s) => s.run === 'npm test') ?? {}, sim());
  const path = String(steps[uploadAt]!.with?.['path'] ?? '');
  const uploaded = join(work, 'uploaded');
  mkdirSync(uploaded);
  if (!existsSync(join(clone, path))) throw new DryRunError(`upload: the workflow uploads "${path}", which the build did not produce`);
  execFileSync('tar', ['--dereference', '--hard-dereference', '--directory', join(clone, path), '-cf', join(work, 'artifact.tar'), '--exclude=.git', '--exclude=.github', '--exclude=.[^/]*', '.']);
  execFileSync('tar', ['-xf', join(work, 'artifact.tar'), '--directory', uploaded]);
  const report = checkUpload(uploaded, uploadEnv['SITE_URL'] ?? '', uploadEnv['SITE_BASE'] ?? '/');
  if (report.problems.length) throw new DryRunError(`the folder the deploy job would publish (${path}/, as archived) fails ${report.problems.length} check(s):\n${report.problems.join('\n')}`);
  console.log(
    `pages dry run: ok. ${report.files} files, ${report.pages} pages, all in the sitemap under ${uploadEnv['SITE_URL']}${uploadEnv['SITE_BASE']}; ` +
      `${report.links} internal links and assets resolve; no localhost; the policy on every page. (${seconds(started)})`,
  );
} catch (e) {
  if (!(e instanceof DryRunError)) throw e;
  console.error(`error: pages dry run: ${e.message}`);
  process.exitCode = 1;
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
