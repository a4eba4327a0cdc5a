/**
 * `npm run rehearse [-- --keep] [--skip-tests]`: the Pages workflow's `run:` steps as written, as a push to
 * main, in a fresh clone of HEAD in a temp folder, with the runner's environment. Only GitHub is stood in
 * for, and the output says where (raw host, configure-pages, the site's repository, the artifact store);
 * the folder upload-pages-artifact would archive is checked against its manifest.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';
import { parse } from 'yaml';
import { checkUpload } from './ci/upload-check.ts';
import { MANIFEST, siteManifestProblems, type SiteManifest } from './ci/site-manifest.ts';
import { readArchive } from './lib/archive.ts';
import { serve } from './lib/static-server.ts';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  env?: Record<string, string>;
  outputs?: Record<string, string>;
  steps?: Step[];
}
class RehearsalError extends Error {}

const { values } = parseArgs({
  options: { keep: { type: 'boolean', default: false }, 'skip-tests': { type: 'boolean', default: false } },
});
const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const root = process.cwd();
const mirror = resolve(process.env['AUDIT_MIRROR'] ?? join(root, '../shared/audit-mirror'));
const work = fs.mkdtempSync(join(tmpdir(), 'rehearse-'));
const log = join(work, 'log');
const REPOSITORY = 'rehearsal-owner/trail-audit-site';
const PAGES = { origin: 'https://rehearsal-owner.github.io', base_path: '/trail-audit-site' };
// The caller's settings must not reach the steps: the runner's and the workflow's are the ones that count.
const CALLER = /^(SITE_|AUDIT_|GITHUB_|ARCHIVE_|RUNNER_|ACTIONS_|CI$|PLAYWRIGHT_BUNDLED_CHROMIUM$)/;

/** The expression engine GitHub's runner uses, over the context of a push to main. */
function evaluate(expr: string, ctx: Record<string, unknown>): data.ExpressionData {
  const status = new Map(
    ['success', 'always', 'cancelled', 'failure'].map((name) => [
      name,
      { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(name === 'success' || name === 'always') },
    ]),
  );
  const tree = new Parser(new Lexer(expr).lex().tokens, Object.keys(ctx), [...status.values()]).parse();
  return new Evaluator(tree, JSON.parse(JSON.stringify(ctx), data.reviver) as data.Dictionary, status).evaluate();
}
const holds = (condition: string | undefined, ctx: Record<string, unknown>) =>
  condition === undefined || truthy(evaluate(condition.replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1'), ctx));
const interpolate = (value: unknown, ctx: Record<string, unknown>) =>
  String(value).replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => evaluate(expr, ctx).coerceString());

function run(cmd: string, cwd: string, env: Record<string, string>): Promise<number> {
  const out = fs.openSync(log, 'a');
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', cmd], {
    cwd,
    env,
    stdio: ['ignore', out, out],
  });
  return new Promise((done) =>
    child.on('exit', (code) => {
      fs.closeSync(out);
      done(code ?? 1);
    }),
  );
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8' }).trim();

const server = await serve(mirror);
try {
  if (!fs.existsSync(join(mirror, 'DataScienceVishal')))
    throw new RehearsalError(
      `AUDIT_MIRROR: expected the audit's files laid out as the raw host serves them at ${mirror}; found none`,
    );
  const head = git(root, 'rev-parse', 'HEAD');
  const origin = join(work, 'origin.git');
  git(work, 'init', '--quiet', '--bare', origin);
  // The workflow as HEAD holds it, which is what the clone runs.
  const workflow = parse(git(root, 'show', 'HEAD:.github/workflows/pages.yml')) as { jobs: Record<string, Job> };
  console.log(
    `rehearsal of .github/workflows/pages.yml on a push to main of ${head.slice(0, 12)}, in ${work}\n` +
      `stand-ins: raw host ${server.url} serving ${mirror}; configure-pages: origin ${PAGES.origin}, base_path ${PAGES.base_path}; ` +
      `the site's repository: ${origin}; the artifact store: folders; step output in ${log}`,
  );
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (!CALLER.test(k) && v !== undefined) base[k] = v;
  // The Node package-lock pins, as actions/setup-node and then `npm run` give it.
  base['PATH'] = `${dirname(process.execPath)}:${base['PATH']}`;
  const runner = {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_SHA: head,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_SERVER_URL: 'https://github.com',
    AUDIT_DOWNLOAD_BASE: server.url,
    AUDIT_DOWNLOAD_INSECURE: '1',
    ARCHIVE_REMOTE: origin,
    // Stands in for Playwright's own browser, which the install step would download.
    CHROMIUM_PATH: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  };
  const results: Record<string, { outputs: Record<string, string>; result: string }> = {};
  const store = join(work, 'artifacts');
  let uploaded: string | undefined;

  for (const [jobId, job] of Object.entries(workflow.jobs)) {
    const ctx = (steps: Record<string, unknown>) => ({
      github: { ref: 'refs/heads/main', event_name: 'push', repository: REPOSITORY, sha: head, token: '', run_id: '1' },
      runner: { os: 'Linux', arch: 'X64', temp: join(work, 'tmp') },
      needs: Object.fromEntries([job.needs ?? []].flat().map((n) => [n, results[n]])),
      steps,
      env: {},
      vars: {},
      secrets: {},
      inputs: {},
      job: {},
    });
    if (!holds(job.if, ctx({}))) {
      console.log(`job ${jobId}: skipped, its condition does not hold`);
      results[jobId] = { outputs: {}, result: 'skipped' };
      continue;
    }
    const dir = join(work, jobId);
    const steps: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
    const unavailable = new Set<string>();
    console.log(`job ${jobId}:`);
    for (const [i, step] of (job.steps ?? []).entries()) {
      const label = `${i + 1}. ${step.name ?? step.uses?.split('@')[0] ?? step.run}`;
      const c = ctx(steps);
      if (!holds(step.if, c)) {
        console.log(`  skip  ${label}: its condition does not hold`);
        continue;
      }
      const action = step.uses?.split('@')[0];
      const w = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(v, c)]));
      const at = (p: string | undefined) => join(dir, p ?? '.');
      let outputs: Record<string, string> = {};
      if (action === 'actions/checkout') {
        git(work, 'clone', '--quiet', '--no-checkout', root, dir);
        git(dir, 'checkout', '--quiet', '--detach', head);
        console.log(`  stand ${label}: a fresh clone of HEAD`);
      } else if (action === 'actions/setup-node') console.log(`  stand ${label}: the Node package-lock pins`);
      else if (action === 'actions/configure-pages') {
        outputs = PAGES;
        console.log(`  stand ${label}: a project page's outputs`);
      } else if (action === 'actions/cache') {
        outputs = { 'cache-hit': 'false' };
        console.log(`  skip  ${label}: nothing cached here`);
      } else if (action === 'actions/upload-artifact') {
        // Hidden files left out, as upload-artifact leaves them out by default.
        const shown = (p: string) => !basename(p).startsWith('.');
        if (fs.existsSync(at(w['path'])))
          fs.cpSync(at(w['path']), join(store, w['name']!), { recursive: true, filter: shown });
        else if (w['if-no-files-found'] === 'error')
          throw new RehearsalError(`${label}: expected ${w['path']}/; found nothing`);
        console.log(`  stand ${label}: artifact "${w['name']}" kept in ${store}`);
      } else if (action === 'actions/download-artifact') {
        fs.mkdirSync(dir, { recursive: true });
        fs.cpSync(join(store, w['name']!), at(w['path']), { recursive: true });
        console.log(`  stand ${label}: artifact "${w['name']}" from ${store}`);
      } else if (action === 'actions/upload-pages-artifact') {
        uploaded = join(work, 'pages');
        fs.mkdirSync(uploaded);
        // As the action archives it: hidden files, .git and .github left out.
        const tar = `tar --dereference --hard-dereference -C '${at(w['path'])}' -cf - --exclude=.git --exclude=.github --exclude='.[^/]*' . | tar -xf - -C '${uploaded}'`;
        if ((await run(tar, work, base)) !== 0) throw new RehearsalError(`${label}: tar failed (see ${log})`);
        console.log(`  stand ${label}: the archive it would make, unpacked in ${uploaded} and checked below`);
      } else if (step.uses) {
        unavailable.add(step.id ?? '');
        console.log(`  none  ${label}: ${action} cannot run here (it needs GitHub itself)`);
      } else if (/^npx playwright install/.test(step.run!)) {
        console.log(`  stand ${label}: the machine's Chromium (.ci/run installs it)`);
      } else {
        const needsUnavailable = Object.values({ ...job.env, ...step.env }).some((v) =>
          [...unavailable].some((id) => id && String(v).includes(`steps.${id}.outputs`)),
        );
        if (needsUnavailable) {
          console.log(`  none  ${label}: it needs the output of an action that cannot run here`);
          continue;
        }
        const cmd = values['skip-tests'] && step.run === 'npm test' ? 'npm run build' : step.run!;
        const output = join(work, `output-${jobId}-${i}`);
        const env: Record<string, string> = { ...base, ...runner, GITHUB_OUTPUT: output };
        for (const [k, v] of Object.entries({ ...job.env, ...step.env })) env[k] = interpolate(v, c);
        const t = performance.now();
        const from = fs.existsSync(log) ? fs.statSync(log).size : 0;
        const code = await run(cmd, dir, env);
        if (code !== 0) {
          const tail = fs.readFileSync(log).subarray(from).toString().trimEnd().split('\n').slice(-40).join('\n');
          throw new RehearsalError(`${jobId} step ${label} failed (exit ${code}): \`${cmd}\`\n${tail}`);
        }
        console.log(`  ran   ${label}${cmd !== step.run ? ` as \`${cmd}\` (--skip-tests)` : ''} (${seconds(t)})`);
        // The test runners' closing counts, which the step's whole output in the log holds.
        const counts = fs
          .readFileSync(log)
          .subarray(from)
          .toString()
          .split('\n')
          .filter((l) => /^ℹ (tests|pass|fail) \d+$|^\s+\d+ (passed|failed|flaky|skipped)\b|^npm test: /.test(l));
        for (const l of counts) console.log(l.trim());
        if (fs.existsSync(output))
          outputs = Object.fromEntries(
            fs
              .readFileSync(output, 'utf8')
              .split('\n')
              .filter((l) => l.includes('='))
              .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
          );
      }
      if (step.id) steps[step.id] = { outputs, outcome: 'success' };
    }
    const jobOutputs = Object.fromEntries(
      Object.entries(job.outputs ?? {}).map(([k, v]) => [k, interpolate(v, ctx(steps))]),
    );
    results[jobId] = { outputs: jobOutputs, result: 'success' };
  }

  if (!uploaded) throw new RehearsalError('no job ran actions/upload-pages-artifact on a push to main');
  const report = checkUpload(uploaded, PAGES.origin, `${PAGES.base_path}/`);
  const manifest = JSON.parse(fs.readFileSync(join(uploaded, MANIFEST), 'utf8')) as SiteManifest;
  const problems = [...report.problems, ...siteManifestProblems(uploaded, manifest)];
  if (manifest.commit !== head || manifest.repository !== `https://github.com/${REPOSITORY}`)
    problems.push(`${MANIFEST}: expected ${REPOSITORY} at ${head}; found ${manifest.repository} at ${manifest.commit}`);
  if (problems.length)
    throw new RehearsalError(`the upload fails ${problems.length} check(s):\n${problems.join('\n')}`);
  const archive = readArchive(origin);
  archive.dispose();
  const branch = [...archive.revisions.keys()].sort().join(', ');
  if (branch !== report.archived.join(', '))
    throw new RehearsalError(
      `site-archive: expected the revisions the upload holds, ${report.archived.join(', ')}; found ${branch || 'none'}`,
    );
  console.log(
    `rehearsal: ok (${seconds(started)}). The upload: ${report.files} files, ${report.pages} pages, ${report.links} internal links resolve under ${PAGES.origin}${PAGES.base_path}/, ` +
      `every file as ${MANIFEST} lists (its signature bundle is made only on GitHub); permanent copies ${report.archived.join(', ')}; ` +
      `the site-archive branch holds the same, read back from git's objects.`,
  );
} catch (e) {
  if (!(e instanceof RehearsalError)) throw e;
  console.error(`error: rehearsal: ${e.message}`);
  process.exitCode = 1;
} finally {
  await server.close();
  // A failed run keeps its folder: the log holds every step's whole output.
  if (values.keep || process.exitCode) console.log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
