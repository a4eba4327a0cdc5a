/**
 * What must hold of the Pages workflow beyond GitHub's schema, each rule checked by
 * evaluating the workflow's own expressions for simulated events (scripts/ci/workflow.ts).
 * Every rule has a test that breaks it (tests/unit/workflow.test.ts).
 */
import {
  DEPLOYING,
  EVENTS,
  PAGES_SITES,
  evaluate,
  holds,
  jobUsing,
  stepEnv,
  usesAction,
  type EventName,
  type Job,
  type PagesSite,
  type Workflow,
} from './workflow.ts';

const DEPLOY = 'actions/deploy-pages';
const UPLOAD = 'actions/upload-pages-artifact';
const CONFIGURE = 'actions/configure-pages';
const TESTS = /(^|[\s;&|])npm (run )?test($|[\s;&|])/m;
const BUILDS = /(^|[\s;&|])npm (run build|run archive -- assemble|test|start)($|[\s;&|])/m;
/** The step that adds the permanent copies to dist/ (it builds this revision's under r/<revision>/), and the one that records a new copy. */
const ASSEMBLES = /^npm run archive -- assemble$/;
const RECORDS = /(^|[\s;&|])node scripts\/archive-record\.ts($|[\s;&|])/m;

const ALL_EVENTS = Object.keys(EVENTS) as EventName[];
const show = (v: unknown) => JSON.stringify(v) ?? 'nothing';

function permissionProblems(
  workflow: Workflow,
  deployJob: string | undefined,
  archiveJob: string | undefined,
): string[] {
  const problems: string[] = [];
  const top = workflow.permissions;
  const topOk =
    top === undefined ||
    (typeof top === 'object' && Object.entries(top).every(([k, v]) => k === 'contents' && v === 'read'));
  if (!topOk) problems.push(`permissions (top level): expected none or only "contents: read"; found ${show(top)}`);
  for (const [id, job] of Object.entries(workflow.jobs)) {
    const perms = job.permissions ?? top ?? {};
    if (typeof perms === 'string') {
      problems.push(`jobs.${id}.permissions: expected a map of scopes; found "${perms}"`);
      continue;
    }
    const writes = Object.entries(perms)
      .filter(([, v]) => v === 'write')
      .map(([k]) => k);
    if (id === deployJob) {
      for (const need of ['pages', 'id-token'])
        if (perms[need] !== 'write')
          problems.push(`jobs.${id}.permissions: the deploy job needs "${need}: write"; found ${show(perms[need])}`);
      const extra = writes.filter((k) => k !== 'pages' && k !== 'id-token');
      if (extra.length)
        problems.push(
          `jobs.${id}.permissions: the deploy job needs no other write scope; found write on ${extra.join(', ')}`,
        );
    } else if (id === archiveJob) {
      // The archive job pushes the permanent copies' branch and builds nothing.
      const extra = writes.filter((k) => k !== 'contents');
      if (extra.length)
        problems.push(
          `jobs.${id}.permissions: the archive job may write contents alone; found write on ${extra.join(', ')}`,
        );
      if ((job.steps ?? []).some((s) => BUILDS.test(s.run ?? '') || /(^|\s)npm (ci|install)\b/.test(s.run ?? '')))
        problems.push(`jobs.${id}: the job that may write the repository must install and build nothing`);
    } else if (writes.length) {
      problems.push(
        `jobs.${id}.permissions: only the deploy job (pages, id-token) and the archive job (contents) may write; found write on ${writes.join(', ')}`,
      );
    }
    // configure-pages reads the site (GET /repos/{owner}/{repo}/pages), which a token without Pages read is refused.
    if (
      (job.steps ?? []).some((s) => usesAction(s, CONFIGURE)) &&
      perms['pages'] !== 'read' &&
      perms['pages'] !== 'write'
    ) {
      problems.push(
        `jobs.${id}.permissions: ${CONFIGURE} needs "pages: read" to read the site's address; found ${show(perms['pages'])}`,
      );
    }
  }
  return problems;
}

function triggerProblems(workflow: Workflow): string[] {
  const on = workflow.on;
  const keys = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys((on as object) ?? {});
  const problems: string[] = [];
  for (const need of ['push', 'pull_request', 'workflow_dispatch'])
    if (!keys.includes(need)) problems.push(`on: expected a "${need}" trigger; found ${show(keys)}`);
  return problems;
}

/** Deploy (and upload the Pages artifact) exactly on a push to main or a manual run on main. */
function deployWhenProblems(
  workflow: Workflow,
  deployId: string,
  deploy: Job,
  uploadId: string | undefined,
  archiveId: string | undefined,
): string[] {
  const problems: string[] = [];
  for (const event of ALL_EVENTS) {
    const expected = DEPLOYING.includes(event);
    const archive = archiveId ? workflow.jobs[archiveId] : undefined;
    if (archive && holds(archive.if, { event, site: 'project page' }) !== expected) {
      problems.push(
        `jobs.${archiveId}.if: on a ${event} it ${expected ? 'must' : 'must not'} record permanent copies; the condition ${show(archive.if ?? 'absent')} says otherwise`,
      );
    }
    if (holds(deploy.if, { event, site: 'project page' }) !== expected) {
      problems.push(
        `jobs.${deployId}.if: on a ${event} it ${expected ? 'must' : 'must not'} deploy; the condition ${show(deploy.if ?? 'absent')} says it ${expected ? 'would not' : 'would'}`,
      );
    }
    const upload = uploadId ? workflow.jobs[uploadId]?.steps?.find((s) => usesAction(s, UPLOAD)) : undefined;
    if (upload && holds(upload.if, { event, site: 'project page' }) !== expected) {
      problems.push(
        `jobs.${uploadId}: the ${UPLOAD} step ${expected ? 'must' : 'must not'} run on a ${event}; its condition ${show(upload.if ?? 'absent')} says otherwise`,
      );
    }
  }
  const needs = [deploy.needs ?? []].flat();
  if (uploadId && !needs.includes(uploadId))
    problems.push(
      `jobs.${deployId}.needs: expected "${uploadId}" (the job that tests and uploads); found ${show(deploy.needs)}`,
    );
  // A copy is on the archive branch before the site that links it is deployed.
  if (archiveId && !needs.includes(archiveId))
    problems.push(
      `jobs.${deployId}.needs: expected "${archiveId}" (the job that records the permanent copies); found ${show(deploy.needs)}`,
    );
  const env = deploy.environment;
  const envName = typeof env === 'string' ? env : (env as { name?: unknown } | undefined)?.name;
  if (envName !== 'github-pages')
    problems.push(
      `jobs.${deployId}.environment: expected "github-pages" (its branch rules guard the deployment too); found ${show(envName)}`,
    );
  return problems;
}

/** In the uploading job: the tests run before the upload, and nothing runs between them. */
function orderProblems(id: string, job: Job): string[] {
  const steps = job.steps ?? [];
  const upload = steps.findIndex((s) => usesAction(s, UPLOAD));
  const test = steps.findIndex((s) => TESTS.test(s.run ?? ''));
  if (test < 0) return [`jobs.${id}: expected a step running \`npm test\` before the ${UPLOAD} step; found none`];
  if (test > upload)
    return [`jobs.${id}: the tests (step ${test + 1}) must run before the upload (step ${upload + 1})`];
  // A credit the site shows is published only once the audit's repository has proven it (src/admission/prove-history.ts).
  const prove = steps.findIndex((s) => s.run === 'npm run artifacts -- --prove');
  if (prove < 0 || prove > test || steps[prove]!.if !== undefined)
    return [
      `jobs.${id}: expected an unconditional step running \`npm run artifacts -- --prove\` before the tests, so no commit the site credits is published unproven; found ${prove < 0 ? 'none' : `it at step ${prove + 1}${steps[prove]!.if !== undefined ? ', with a condition' : ''}`}`,
    ];
  // Only the permanent copies may be added after the tests: each is checked against its manifest as it is added.
  const between = steps.slice(test + 1, upload).filter((s) => s.run !== undefined && !ASSEMBLES.test(s.run.trim()));
  const problems = between.map(
    (s) =>
      `jobs.${id}: \`${s.run}\` runs between the tests and the upload, so what is uploaded would not be what was tested`,
  );
  const assemble = steps.slice(test + 1, upload).find((s) => ASSEMBLES.test((s.run ?? '').trim()));
  if (!assemble)
    problems.push(
      `jobs.${id}: expected \`npm run archive -- assemble\` between the tests and the upload (the permanent copies, r/<revision>/); found none`,
    );
  else
    for (const event of ALL_EVENTS)
      if (
        holds(assemble.if, { event, site: 'project page' }) !==
        holds(steps[upload]!.if, { event, site: 'project page' })
      )
        problems.push(
          `jobs.${id}: the permanent copies must be added exactly when the site is uploaded; on a ${event} they differ`,
        );
  const path = steps[upload]!.with?.['path'];
  if (path !== 'dist')
    problems.push(`jobs.${id}: the ${UPLOAD} step must upload dist (what the tests built); found ${show(path)}`);
  return problems;
}

/** Every step that builds gets SITE_URL and SITE_BASE from configure-pages, for any kind of Pages site. */
function addressProblems(workflow: Workflow, id: string, job: Job): string[] {
  const problems: string[] = [];
  const steps = job.steps ?? [];
  const configure = steps.findIndex((s) => usesAction(s, CONFIGURE));
  if (configure < 0 || steps[configure]!.id !== 'pages') {
    return [
      `jobs.${id}: expected a ${CONFIGURE} step with id "pages" before the build; found ${configure < 0 ? 'none' : `id ${show(steps[configure]!.id)}`}`,
    ];
  }
  steps.forEach((step, i) => {
    if (!BUILDS.test(step.run ?? '')) return;
    if (i < configure)
      problems.push(
        `jobs.${id}: \`${step.run}\` (step ${i + 1}) builds before ${CONFIGURE} (step ${configure + 1}) has said where the site lives`,
      );
    for (const site of Object.keys(PAGES_SITES) as PagesSite[]) {
      const out = PAGES_SITES[site];
      const env = stepEnv(workflow, job, step, { event: 'push to main', site });
      const expected = { SITE_URL: out.origin, SITE_BASE: `${out.base_path}/` };
      for (const [name, want] of Object.entries(expected)) {
        if (env[name] !== want) {
          problems.push(
            `jobs.${id}: \`${step.run}\` builds for a ${site} (configure-pages: origin ${out.origin}, base_path ${show(out.base_path)}) with ${name}=${show(env[name])}; expected ${show(want)}`,
          );
        }
      }
    }
  });
  return problems;
}

function timeoutProblems(workflow: Workflow): string[] {
  return Object.entries(workflow.jobs)
    .filter(
      ([, job]) =>
        !(typeof job['timeout-minutes'] === 'number' && job['timeout-minutes'] > 0 && job['timeout-minutes'] <= 120),
    )
    .map(
      ([id, job]) =>
        `jobs.${id}.timeout-minutes: expected a number of minutes from 1 to 120; found ${show(job['timeout-minutes'])}`,
    );
}

/** As GitHub's Pages template for deploying runs: one group "pages", never cancelled; other runs stay out of it. */
function concurrencyProblems(workflow: Workflow): string[] {
  const c = workflow.concurrency;
  if (c === undefined || typeof c === 'string')
    return [`concurrency: expected a group and cancel-in-progress; found ${show(c)}`];
  const problems: string[] = [];
  for (const event of ALL_EVENTS) {
    const group = evaluate(c.group, { event, site: 'project page' });
    const cancel = evaluate(c['cancel-in-progress'] ?? false, { event, site: 'project page' });
    if (DEPLOYING.includes(event)) {
      if (group !== 'pages')
        problems.push(`concurrency.group: a ${event} must run in the one group "pages"; found ${show(group)}`);
      if (cancel !== false)
        problems.push(
          `concurrency.cancel-in-progress: a ${event} deploys, and a deployment under way must not be cancelled; found ${show(cancel)}`,
        );
    } else if (group === 'pages') {
      problems.push(
        `concurrency.group: a ${event} never deploys, so it must not share (or replace a waiting run in) the group "pages"`,
      );
    }
  }
  return problems;
}

/** Every action pinned to a full commit SHA (a tag can be moved; a commit cannot). */
function pinProblems(workflow: Workflow): string[] {
  return Object.entries(workflow.jobs).flatMap(([id, job]) =>
    (job.steps ?? [])
      .filter((s) => s.uses !== undefined && !s.uses.startsWith('./') && !/@[0-9a-f]{40}$/.test(s.uses))
      .map((s) => `jobs.${id}: ${s.uses} is not pinned to a full commit SHA`),
  );
}

/** Each pinned SHA names, in a comment, the release it was checked against (comments live only in the text). */
export function releaseCommentProblems(text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(?:-\s+)?uses:\s*([^\s#]+@[0-9a-f]{40})\s*(?:#\s*(\S+))?/.exec(line);
    if (m && !/^v\d+(\.\d+)*$/.test(m[2] ?? ''))
      problems.push(`line ${i + 1}: ${m[1]} needs a "# vX.Y.Z" comment naming the release the SHA was checked against`);
  });
  return problems;
}

/**
 * Playwright's browser is cached under a key that changes with the Playwright version (a step's
 * output, read from package-lock.json); the browser is downloaded only on a miss, and on a hit
 * only its system packages are installed (they live outside the cached folder).
 */
function browserCacheProblems(id: string, job: Job): string[] {
  const steps = job.steps ?? [];
  const cache = steps.find(
    (s) => usesAction(s, 'actions/cache') && String(s.with?.['path'] ?? '').includes('ms-playwright'),
  );
  if (!cache?.id)
    return [
      `jobs.${id}: expected an actions/cache step with an id, caching ~/.cache/ms-playwright; found ${cache ? 'one without an id' : 'none'}`,
    ];
  const versionStep = steps.find(
    (s) => s.id && /package-lock\.json/.test(s.run ?? '') && /playwright/.test(s.run ?? ''),
  );
  const problems: string[] = [];
  const keyFor = (version: string) =>
    evaluate(cache.with?.['key'], {
      event: 'push to main',
      site: 'project page',
      steps: versionStep?.id ? { [versionStep.id]: { version } } : {},
    });
  if (!versionStep || keyFor('1.0.0') === keyFor('2.0.0'))
    problems.push(
      `jobs.${id}: the browser cache's key must change with the Playwright version package-lock.json pins (a step with an id that reads it); found key ${show(cache.with?.['key'])}`,
    );
  for (const hit of ['true', 'false']) {
    const sim = { event: 'push to main', site: 'project page', steps: { [cache.id]: { 'cache-hit': hit } } } as const;
    const running = steps
      .filter((s) => /npx playwright install/.test(s.run ?? '') && holds(s.if, sim))
      .map((s) => s.run!.trim());
    const expected =
      hit === 'true' ? 'npx playwright install-deps chromium' : 'npx playwright install --with-deps chromium';
    if (running.length !== 1 || running[0] !== expected)
      problems.push(
        `jobs.${id}: on a browser cache ${hit === 'true' ? 'hit' : 'miss'} expected \`${expected}\` alone; found ${show(running)}`,
      );
  }
  return problems;
}

export function workflowProblems(workflow: Workflow): string[] {
  const deployers = jobUsing(workflow, DEPLOY);
  const uploaders = jobUsing(workflow, UPLOAD);
  const problems: string[] = [];
  if (deployers.length !== 1)
    problems.push(`jobs: expected exactly one job using ${DEPLOY}; found ${deployers.length}`);
  if (uploaders.length !== 1)
    problems.push(`jobs: expected exactly one job using ${UPLOAD}; found ${uploaders.length}`);
  const [deployId, deploy] = deployers[0] ?? [];
  const [uploadId, upload] = uploaders[0] ?? [];
  const archivers = Object.entries(workflow.jobs).filter(([, j]) =>
    (j.steps ?? []).some((s) => RECORDS.test(s.run ?? '')),
  );
  if (archivers.length !== 1)
    problems.push(
      `jobs: expected exactly one job running \`node scripts/archive-record.ts\`; found ${archivers.length}`,
    );
  const [archiveId] = archivers[0] ?? [];
  problems.push(...permissionProblems(workflow, deployId, archiveId), ...triggerProblems(workflow));
  if (deployId && deploy) problems.push(...deployWhenProblems(workflow, deployId, deploy, uploadId, archiveId));
  if (uploadId && upload)
    problems.push(
      ...orderProblems(uploadId, upload),
      ...addressProblems(workflow, uploadId, upload),
      ...browserCacheProblems(uploadId, upload),
    );
  problems.push(...timeoutProblems(workflow), ...concurrencyProblems(workflow), ...pinProblems(workflow));
  return problems;
}
