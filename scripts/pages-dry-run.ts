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
 *   raw.githubusercontent.com   the audit's mirror (AUDIT_MIRROR_DIR, default ../shared/audit-mirror)
 *                               served on loopback: `npm run artifacts` and `--prove` run as written
 *   `npm test`                  `npm run build`, the part of it that writes dist/ (the tests
 *                               themselves run in `npm test`)
 *   Playwright's browser, the caches, the screenshots: skipped, they change nothing uploaded.
 * Any other step runs as written; an action it does not know stops the dry run.
 *
 * With the workflow's archive job (the one running scripts/archive-record.ts) it publishes twice,
 * against a bare repository standing in for the site's own (the site-archive branch lives there):
 * revision A, the mirror's other normaliser.json, accepted in the clone with `--accept` as a commit
 * of its own; then revision B, the current files, accepted back. After each, the archive job's
 * steps run (`gh run download` stood in for by the folder the build job left). At the end A's
 * permanent copy and manifest must be byte for byte what the first publish made.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadLock } from '../src/admission/load.ts';
import { lockDigest, shortDigest } from '../src/admission/lock-digest.ts';
import { parseArgs } from 'node:util';
import { checkUpload } from './ci/upload-check.ts';
import { mirrorDir, serveMirror } from './lib/audit-mirror.ts';
import {
  PAGES_SITES,
  holds,
  readWorkflow,
  stepEnv,
  usesAction,
  type Job,
  type PagesSite,
  type Simulation,
  type Step,
  type Workflow,
} from './ci/workflow.ts';
import { TOOL_CACHES } from './lib/tool-caches.ts';

class DryRunError extends Error {}

const { values } = parseArgs({
  options: { site: { type: 'string', default: 'project page' }, keep: { type: 'boolean', default: false } },
});
const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'pages-dry-run-'));
const clone = join(work, 'site');
// Settings from the caller's shell must not reach the build: the workflow's are the ones that count.
const SCRUBBED = [
  'SITE_URL',
  'SITE_BASE',
  'SITE_PUBLISH',
  'SITE_COMMIT',
  'SITE_COMMIT_DATE',
  'SITE_REPOSITORY',
  'AUDIT_ROOT',
  'AUDIT_LOCK',
  'AUDIT_DOWNLOAD_BASE',
  'PORT',
];

function sh(cmd: string, env: Record<string, string>, label: string): void {
  const t = performance.now();
  const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', cmd], {
    cwd: clone,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new DryRunError(`step "${label}" failed (exit ${r.status}): \`${cmd}\`\n${out}`);
  }
  console.log(`  ran   ${label}: \`${cmd}\` (${seconds(t)})`);
}

function install(env: Record<string, string>, label: string): void {
  const t = performance.now();
  const sameLock =
    existsSync(join(root, 'node_modules/.package-lock.json')) &&
    readFileSync(join(root, 'package-lock.json'), 'utf8') === readFileSync(join(clone, 'package-lock.json'), 'utf8');
  if (!sameLock)
    return sh(
      'npm ci --prefer-offline --no-audit --no-fund',
      env,
      `${label} (the lock differs from this checkout's: a real install)`,
    );
  // Hard links cost no copying, but only within one file system.
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(clone, 'node_modules')], {
    encoding: 'utf8',
  });
  if (linked.status !== 0) {
    rmSync(join(clone, 'node_modules'), { recursive: true, force: true });
    return sh(
      'npm ci --prefer-offline --no-audit --no-fund',
      env,
      `${label} (node_modules cannot be hard-linked across file systems: a real install)`,
    );
  }
  // npm ci leaves no tool's cache behind: Vite's, Astro's or any other under node_modules goes, so the build starts cold as on the runner.
  for (const cache of TOOL_CACHES) rmSync(join(clone, 'node_modules', cache), { recursive: true, force: true });
  // What npm ci runs after installing: the check that the locked Node is the one npm run uses.
  sh('npm run --silent postinstall', env, `${label}, the postinstall check`);
  console.log(
    `  stood in for \`npm ci\`: node_modules hard-linked from ${root} (same package-lock.json) (${seconds(t)})`,
  );
}

const STAND_INS: Record<string, string> = {
  'actions/setup-node': 'the Node package-lock.json pins, which npm run puts first on PATH',
  'actions/cache': 'skipped: a cache restores nothing that reaches the upload',
  'actions/upload-artifact':
    'skipped: an artifact for people or a later job (the test screenshots; a new permanent copy, which the archive job reads from the clone)',
};

function standIn(step: Step, label: string, checkout: string, jobName: string): void {
  const action = step.uses!.split('@')[0]!;
  const pages = PAGES_SITES[values.site as PagesSite];
  const what =
    action === 'actions/checkout'
      ? checkout
      : action === 'actions/configure-pages'
        ? `simulated: origin ${pages.origin}, base_path "${pages.base_path}"`
        : STAND_INS[action];
  if (!what)
    throw new DryRunError(
      `.github/workflows/pages.yml: jobs.${jobName} step ${label} uses ${step.uses}, which the dry run cannot stand in for; teach scripts/pages-dry-run.ts what it does`,
    );
  console.log(`  ${what.startsWith('skipped') ? 'skip ' : 'stand'} ${label}: ${what}`);
}

function readOutputs(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** The job that records permanent copies (it runs scripts/archive-record.ts), if the workflow has one. */
function archiveJobOf(workflow: Workflow): [string, Job] | undefined {
  return Object.entries(workflow.jobs).find(([, j]) =>
    (j.steps ?? []).some((s) => /node scripts\/archive-record\.ts/.test(s.run ?? '')),
  );
}

const NORMALISER = 'results/normaliser.json';

/** The mirror's other revision of normaliser.json (not the locked one), and the locked commit; none when it has none. */
function earlierRevision(mirror: string): { commit: string; current: string } | undefined {
  const entry = loadLock(join(root, 'artifacts.lock.json')).files.find((f) => f.path === NORMALISER)!;
  const folder = join(mirror, entry.repository);
  const commit = existsSync(folder)
    ? readdirSync(folder).find((c) => c !== entry.commit && existsSync(join(folder, c, NORMALISER)))
    : undefined;
  if (!commit) {
    console.log(
      `note: no other ${NORMALISER} in ${mirror}; one revision is published, and no second publish is compared with it`,
    );
    return undefined;
  }
  return { commit, current: entry.commit };
}

const lockRevision = async (project: string) =>
  shortDigest(await lockDigest(loadLock(join(project, 'artifacts.lock.json'))));

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** A's permanent copy after B's publish: the same files, byte for byte, as the first publish made; and the live site at B. */
function compareArchived(first: string, second: string, a: string, b: string): void {
  if (a === b) throw new DryRunError(`revisions: expected A and B to differ; both are ${a}`);
  const list = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .sort();
  const before = list(join(first, 'r', a));
  const after = list(join(second, 'r', a));
  if (before.join('\n') !== after.join('\n'))
    throw new DryRunError(
      `r/${a}/: expected the files the first publish made; found ${after.length} files where there were ${before.length}`,
    );
  const changed = before.filter(
    (f) => !readFileSync(join(first, 'r', a, f)).equals(readFileSync(join(second, 'r', a, f))),
  );
  if (changed.length)
    throw new DryRunError(
      `r/${a}/: expected every file byte for byte as first published; ${changed.length} differ, first ${changed[0]}`,
    );
  if (!readFileSync(join(first, 'r', `${a}.sha256`)).equals(readFileSync(join(second, 'r', `${a}.sha256`))))
    throw new DryRunError(`r/${a}.sha256: expected the manifest first published`);
  if (!existsSync(join(second, 'r', b)))
    throw new DryRunError(`r/${b}/: expected the second publish to add B's permanent copy; found none`);
  if (!readFileSync(join(second, 'index.html'), 'utf8').includes(`/r/${b}/"`))
    throw new DryRunError(`index.html: expected the live report to cite B's permanent copy, r/${b}/`);
  // A's page and B's differ where the revisions do (P5's magnitude), so the comparison above compared something.
  const p5 = (dir: string, r: string) => readFileSync(join(dir, 'r', r, 'properties/p5/index.html'));
  if (p5(second, a).equals(p5(second, b)))
    throw new DryRunError(
      `r/${a}/properties/p5/ and r/${b}/properties/p5/: expected them to differ (P5's magnitude changed); found the same bytes`,
    );
}

function stepLabel(step: Step, i: number): string {
  return `${i + 1}. ${step.name ?? step.uses?.split('@')[0] ?? step.run!.split('\n')[0]}`;
}

try {
  const site = values.site as PagesSite;
  if (!(site in PAGES_SITES))
    throw new DryRunError(
      `--site: expected one of ${Object.keys(PAGES_SITES)
        .map((s) => `"${s}"`)
        .join(', ')}; found "${site}"`,
    );
  const pages = PAGES_SITES[site];
  const artifacts = mirrorDir(root);
  if (!existsSync(artifacts))
    throw new DryRunError(`AUDIT_MIRROR_DIR: expected the audit's mirror at ${artifacts}; found nothing there`);
  // The raw host, stood in for by the mirror on loopback: every download of the run goes there.
  const mirror = await serveMirror(artifacts);
  console.log(`  stand raw.githubusercontent.com: the audit's mirror on loopback (${mirror.env.AUDIT_DOWNLOAD_BASE})`);

  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (rev.status !== 0)
    throw new DryRunError(`${root}: expected a git checkout with a commit to clone; git says: ${rev.stderr.trim()}`);
  let head = rev.stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  if (dirty)
    console.log('note: this checkout has uncommitted changes; the dry run builds HEAD without them, as CI would');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', head]);
  console.log(
    `pages dry run: a fresh clone of HEAD ${head.slice(0, 12)} in ${clone}; configure-pages simulated for a ${site} (origin ${pages.origin}, base_path "${pages.base_path}")`,
  );

  const { workflow } = readWorkflow(clone);
  const uploading = Object.entries(workflow.jobs).find(([, j]) =>
    (j.steps ?? []).some((s) => usesAction(s, 'actions/upload-pages-artifact')),
  );
  if (!uploading)
    throw new DryRunError(
      '.github/workflows/pages.yml: expected a job using actions/upload-pages-artifact; found none',
    );
  const [jobId, job] = uploading;
  const steps = job.steps ?? [];
  const uploadAt = steps.findIndex((s) => usesAction(s, 'actions/upload-pages-artifact'));
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !SCRUBBED.includes(k)),
  ) as Record<string, string>;
  // Only the steps that fetch the audit's files are pointed at it: the download base must not reach the pages.
  const fetching = { AUDIT_MIRROR: '', ...mirror.env };
  // The site-archive branch lives in a bare repository standing in for the site's own on GitHub.
  const origin = join(work, 'origin.git');
  execFileSync('git', ['init', '--quiet', '--bare', origin]);
  const archiving = archiveJobOf(workflow);
  let installed = false;

  /** The build job's steps up to the upload, the folder as upload-pages-artifact archives it, checked; then the archive job. */
  function publish(label: string): { folder: string; env: Record<string, string> } {
    const outputs: Record<string, Record<string, string>> = { browsers: { 'cache-hit': 'false' } };
    const sim = (): Simulation => ({ event: 'push to main', site, steps: outputs });
    console.log(`job "${jobId}", steps 1 to ${uploadAt} (a push to main${label ? `, ${label}` : ''}):`);
    for (const [i, step] of steps.slice(0, uploadAt).entries()) {
      const stepName = stepLabel(step, i);
      if (!holds(step.if, sim())) {
        console.log(`  skip  ${stepName}: its condition does not hold on a push to main`);
        continue;
      }
      if (step.uses) {
        standIn(step, stepName, `the fresh clone of ${head.slice(0, 12)}`, jobId);
        continue;
      }
      const run = step.run!.trim();
      const env: Record<string, string> = { ...base, ...stepEnv(workflow, job, step, sim()), ...runner(i) };
      if (/^npm ci\b/.test(run)) {
        if (installed) console.log(`  skip  ${stepName}: installed for the publish before`);
        else install(env, stepName);
        installed = true;
      } else if (/^npx playwright install/.test(run))
        console.log(`  skip  ${stepName}: the browser is for the tests, not the build`);
      else if (run === 'npm test')
        sh(
          'npm run build',
          env,
          `${stepName} (its build; SITE_URL=${env['SITE_URL'] ?? ''} SITE_BASE=${env['SITE_BASE'] ?? ''})`,
        );
      else sh(run, /^npm run artifacts\b/.test(run) ? { ...env, ...fetching } : env, stepName);
      if (step.id && existsSync(env['GITHUB_OUTPUT']!)) outputs[step.id] = readOutputs(env['GITHUB_OUTPUT']!);
    }

    // The archive upload-pages-artifact makes (its tar command: hidden files, .git and .github left out).
    const uploadEnv = stepEnv(workflow, job, steps.find((s) => s.run === 'npm test') ?? {}, sim());
    const path = String(steps[uploadAt]!.with?.['path'] ?? '');
    const uploaded = join(work, `uploaded${label ? `-${label.replace(/[^A-Za-z0-9]+/g, '-')}` : ''}`);
    mkdirSync(uploaded);
    if (!existsSync(join(clone, path)))
      throw new DryRunError(`upload: the workflow uploads "${path}", which the build did not produce`);
    execFileSync('tar', [
      '--dereference',
      '--hard-dereference',
      '--directory',
      join(clone, path),
      '-cf',
      join(work, 'artifact.tar'),
      '--exclude=.git',
      '--exclude=.github',
      '--exclude=.[^/]*',
      '.',
    ]);
    execFileSync('tar', ['-xf', join(work, 'artifact.tar'), '--directory', uploaded]);
    const report = checkUpload(uploaded, uploadEnv['SITE_URL'] ?? '', uploadEnv['SITE_BASE'] ?? '/');
    if (report.problems.length)
      throw new DryRunError(
        `the folder the deploy job would publish (${path}/, as archived) fails ${report.problems.length} check(s):\n${report.problems.join('\n')}`,
      );
    console.log(
      `  upload: ${report.files} files, ${report.pages} pages, all in the sitemap under ${uploadEnv['SITE_URL']}${uploadEnv['SITE_BASE']}; ` +
        `${report.links} internal links and assets resolve; no localhost; the policy on every page${report.archived.length ? `; permanent copies ${report.archived.join(', ')}, each as its manifest lists` : ''}`,
    );
    if (archiving) runArchiveJob(archiving);
    return { folder: uploaded, env: uploadEnv };
  }

  /** The archive job's steps, after the build job: the copy it hands over is already in the clone. */
  function runArchiveJob([id, archive]: [string, Job]): void {
    const pending = existsSync(join(clone, 'archive-pending', 'r'));
    const needs = { [jobId]: { 'archive-pending': String(pending) } };
    console.log(`job "${id}":`);
    for (const [i, step] of (archive.steps ?? []).entries()) {
      const stepName = stepLabel(step, i);
      const sim: Simulation = { event: 'push to main', site, needs };
      if (!holds(step.if, sim)) {
        console.log(`  skip  ${stepName}: its condition does not hold (no new permanent copy)`);
        continue;
      }
      if (step.uses) {
        standIn(step, stepName, 'the same clone', id);
        continue;
      }
      const run = step.run!.trim();
      if (/^gh run download\b/.test(run)) {
        console.log(`  stand ${stepName}: archive-pending/ is where the build job's step left it`);
        continue;
      }
      sh(run, { ...base, ...stepEnv(workflow, archive, step, sim), ...runner(100 + i) }, stepName);
    }
  }

  function runner(i: number): Record<string, string> {
    // The variables every runner step has that the build reads (publishing mode, the commit, the repository), and the archive's remote.
    return {
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_SHA: head,
      GITHUB_REPOSITORY: 'dry-run-owner/trail-audit-site',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_OUTPUT: join(work, `output-${head.slice(0, 7)}-${i}`),
      ARCHIVE_REMOTE: origin,
    };
  }

  const earlier = archiving ? earlierRevision(artifacts) : undefined;
  if (!earlier) {
    const { env } = publish('');
    mirror.stop();
    console.log(
      `pages dry run: ok. The folder the deploy job would publish passes every check under ${env['SITE_URL']}${env['SITE_BASE']}. (${seconds(started)})`,
    );
  } else {
    // Revision A, the earlier normaliser: accepted in the clone as a commit of its own, then published.
    const install0 = steps.find((s) => /^npm ci\b/.test(s.run ?? ''));
    if (install0) install({ ...base, ...runner(0) }, 'npm ci, for accepting the revisions');
    installed = true;
    const accept = (commit: string, what: string) => {
      sh(
        `npm run artifacts -- --accept ${NORMALISER}=${commit}`,
        { ...base, ...runner(0), ...fetching },
        `accept ${what}`,
      );
      execFileSync('git', ['-C', clone, 'add', '-A', 'artifacts.lock.json', 'audit-changes']);
      execFileSync('git', [
        '-C',
        clone,
        '-c',
        'user.name=dry run',
        '-c',
        'user.email=dry-run@invalid',
        'commit',
        '--quiet',
        '-m',
        `dry run: ${what}`,
      ]);
      head = execFileSync('git', ['-C', clone, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    };
    sh(
      'npm run artifacts',
      { ...base, ...runner(0), ...fetching },
      'bring in the current files, which the lock at HEAD names',
    );
    accept(earlier.commit, `revision A (${NORMALISER} at ${earlier.commit.slice(0, 12)})`);
    const a = publish('revision A');
    const revA = await lockRevision(clone);
    accept(earlier.current, `revision B (${NORMALISER} at ${earlier.current.slice(0, 12)})`);
    const b = publish('revision B');
    const revB = await lockRevision(clone);
    mirror.stop();
    compareArchived(a.folder, b.folder, revA, revB);
    console.log(
      `pages dry run: ok. Revision A (${revA}) published, revision B (${revB}) accepted and published; A's permanent copy, ${countFiles(join(a.folder, 'r', revA))} files, is byte for byte what the first publish made, and the live site shows B. (${seconds(started)})`,
    );
  }
} catch (e) {
  if (!(e instanceof DryRunError)) throw e;
  console.error(`error: pages dry run: ${e.message}`);
  process.exitCode = 1;
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
