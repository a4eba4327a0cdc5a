/**
 * The Pages workflow, checked as a reviewer would without watching it run: GitHub's own
 * workflow parser, then our rules. Each rule is shown to trip on a parsed copy of the
 * real workflow with one thing broken.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { stringify } from 'yaml';
import { readWorkflow, schemaErrors, type Job, type Step, type Workflow } from '../../scripts/ci/workflow.ts';
import { releaseCommentProblems, workflowProblems } from '../../scripts/ci/rules.ts';

const { text, workflow } = readWorkflow();

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
type MWorkflow = Mutable<Workflow>;

/** The rules' verdict on a copy of the workflow with one change. */
function broken(change: (w: MWorkflow) => void): string[] {
  const copy = structuredClone(workflow) as MWorkflow;
  change(copy);
  return workflowProblems(copy);
}
const job = (w: MWorkflow, id: string) => w.jobs[id] as Mutable<Job>;
const step = (w: MWorkflow, id: string, match: (s: Step) => boolean) => job(w, id).steps!.find(match) as Mutable<Step>;
const testStep = (w: MWorkflow) => step(w, 'build', (s) => s.run === 'npm test');

describe('the Pages workflow', () => {
  test("passes GitHub's own workflow parser", () => {
    assert.deepEqual(schemaErrors(text), []);
  });

  test('passes our rules, and each pinned action names its release', () => {
    assert.deepEqual(workflowProblems(workflow), []);
    assert.deepEqual(releaseCommentProblems(text), []);
  });

  test('a schema violation trips the parser, with line and column', () => {
    const copy = structuredClone(workflow) as MWorkflow;
    assert.deepEqual(schemaErrors(stringify(copy)), [], 'the unchanged copy, re-serialised, must pass');
    (job(copy, 'build') as Record<string, unknown>)['timeout-minutes'] = 'soon';
    (job(copy, 'deploy') as Record<string, unknown>)['run-on'] = 'ubuntu-latest';
    const errors = schemaErrors(stringify(copy));
    assert.ok(
      errors.some((e) => /\(Line: \d+, Col: \d+\): Unexpected value 'soon'/.test(e)),
      errors.join('\n'),
    );
    assert.ok(
      errors.some((e) => /Unexpected value 'run-on'/.test(e)),
      errors.join('\n'),
    );
  });

  test('an expression using a context the place does not have trips the parser', () => {
    const copy = structuredClone(workflow) as MWorkflow;
    // Job-level env cannot see steps: SITE_URL must be set on the step, after configure-pages.
    job(copy, 'build').env = { ...job(copy, 'build').env, SITE_URL: '${{ steps.pages.outputs.origin }}' };
    assert.ok(schemaErrors(stringify(copy)).some((e) => /Unrecognized named-value: 'steps'/.test(e)));
  });

  test('a removed permission trips', () => {
    const problems = broken((w) => void delete (job(w, 'deploy').permissions as Record<string, string>)['id-token']);
    assert.deepEqual(problems, ['jobs.deploy.permissions: the deploy job needs "id-token: write"; found nothing']);
  });

  test("configure-pages without Pages read (it could not read the site's address) trips", () => {
    assert.deepEqual(
      broken((w) => void delete (job(w, 'build').permissions as Record<string, string>)['pages']),
      [
        'jobs.build.permissions: actions/configure-pages needs "pages: read" to read the site\'s address; found nothing',
      ],
    );
  });

  test('a write permission outside the deploy job trips', () => {
    assert.deepEqual(
      broken((w) => void (w.permissions = { contents: 'read', pages: 'write' })),
      ['permissions (top level): expected none or only "contents: read"; found {"contents":"read","pages":"write"}'],
    );
    assert.deepEqual(
      broken((w) => void ((job(w, 'build').permissions as Record<string, string>)['contents'] = 'write')),
      [
        'jobs.build.permissions: only the deploy job (pages, id-token) and the archive job (contents) may write; found write on contents',
      ],
    );
  });

  test('the archive job writing more than contents, or installing and building, trips', () => {
    assert.deepEqual(
      broken((w) => void ((job(w, 'archive').permissions as Record<string, string>)['pages'] = 'write')),
      ['jobs.archive.permissions: the archive job may write contents alone; found write on pages'],
    );
    assert.deepEqual(
      broken((w) => void job(w, 'archive').steps!.unshift({ run: 'npm ci' })),
      ['jobs.archive: the job that may write the repository must install and build nothing'],
    );
  });

  test('an archive job that records on a pull request, or a deploy that does not wait for it, trips', () => {
    const pr = broken(
      (w) => void (job(w, 'archive').if = "github.ref == 'refs/heads/main' || github.event_name == 'pull_request'"),
    );
    assert.equal(pr.length, 1, pr.join('\n'));
    assert.match(pr[0]!, /^jobs\.archive\.if: on a pull request it must not record permanent copies/);
    assert.deepEqual(
      broken((w) => void (job(w, 'deploy').needs = ['build'])),
      ['jobs.deploy.needs: expected "archive" (the job that records the permanent copies); found ["build"]'],
    );
  });

  test('an upload without the permanent copies, or with them on other runs than the upload, trips', () => {
    const isAssemble = (s: Step) => s.run === 'npm run archive -- assemble';
    assert.deepEqual(
      broken((w) => void job(w, 'build').steps!.splice(job(w, 'build').steps!.findIndex(isAssemble), 1)),
      [
        'jobs.build: expected `npm run archive -- assemble` between the tests and the upload (the permanent copies, r/<revision>/); found none',
      ],
    );
    const always = broken((w) => void delete step(w, 'build', isAssemble).if);
    assert.equal(always.length, 3, always.join('\n'));
    assert.ok(
      always.every((p) =>
        p.startsWith('jobs.build: the permanent copies must be added exactly when the site is uploaded'),
      ),
    );
  });

  test('a deploy from a pull request trips', () => {
    const problems = broken((w) => {
      job(w, 'deploy').if = "github.ref == 'refs/heads/main' || github.event_name == 'pull_request'";
    });
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0]!, /^jobs\.deploy\.if: on a pull request it must not deploy/);
  });

  test('a manual run that cannot deploy trips (no way to redeploy by hand)', () => {
    const problems = broken(
      (w) => void (job(w, 'deploy').if = "github.event_name == 'push' && github.ref == 'refs/heads/main'"),
    );
    assert.deepEqual(problems, [
      `jobs.deploy.if: on a manual run on main it must deploy; the condition "github.event_name == 'push' && github.ref == 'refs/heads/main'" says it would not`,
    ]);
  });

  test('a missing SITE_URL trips, for every kind of Pages site', () => {
    const problems = broken((w) => void delete testStep(w).env!['SITE_URL']);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(
      problems[0]!,
      /`npm test` builds for a project page .* with SITE_URL=nothing; expected "https:\/\/dry-run-owner\.github\.io"/,
    );
    assert.match(
      problems[1]!,
      /`npm test` builds for a custom domain .* with SITE_URL=nothing; expected "https:\/\/audit\.example\.org"/,
    );
  });

  test('an address guessed from the repository instead of read from configure-pages trips on a custom domain', () => {
    const problems = broken((w) => {
      testStep(w).env!['SITE_URL'] = 'https://${{ github.repository_owner }}.github.io';
      testStep(w).env!['SITE_BASE'] = "${{ format('/{0}/', github.event.repository.name) }}";
    });
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.ok(problems.every((p) => p.includes('custom domain')));
  });

  test('base_url (origin and path) taken as SITE_URL trips: the base path would be counted twice', () => {
    const problems = broken((w) => void (testStep(w).env!['SITE_URL'] = '${{ steps.pages.outputs.base_url }}'));
    assert.deepEqual(problems, [
      'jobs.build: `npm test` builds for a project page (configure-pages: origin https://dry-run-owner.github.io, base_path "/trail-audit-site") with SITE_URL="https://dry-run-owner.github.io/trail-audit-site"; expected "https://dry-run-owner.github.io"',
    ]);
  });

  test('a missing timeout trips', () => {
    assert.deepEqual(
      broken((w) => void delete (job(w, 'deploy') as Record<string, unknown>)['timeout-minutes']),
      ['jobs.deploy.timeout-minutes: expected a number of minutes from 1 to 120; found nothing'],
    );
  });

  test('cancel-in-progress true trips', () => {
    const problems = broken((w) => void ((w.concurrency as Record<string, unknown>)['cancel-in-progress'] = true));
    assert.deepEqual(problems, [
      'concurrency.cancel-in-progress: a push to main deploys, and a deployment under way must not be cancelled; found true',
      'concurrency.cancel-in-progress: a manual run on main deploys, and a deployment under way must not be cancelled; found true',
    ]);
  });

  test('a group per ref for deploying runs trips (they must share "pages")', () => {
    const problems = broken(
      (w) => void ((w.concurrency as Record<string, unknown>)['group'] = 'pages-${{ github.ref }}'),
    );
    assert.ok(
      problems.includes(
        'concurrency.group: a push to main must run in the one group "pages"; found "pages-refs/heads/main"',
      ),
      problems.join('\n'),
    );
  });

  test('an upload before the tests, or a build between them, trips', () => {
    const moved = broken((w) => {
      const steps = job(w, 'build').steps!;
      const i = steps.findIndex((s) => s.run === 'npm test');
      steps.push(...steps.splice(i, 1));
    });
    assert.ok(
      moved.some((p) => /the tests \(step \d+\) must run before the upload/.test(p)),
      moved.join('\n'),
    );
    const rebuilt = broken((w) => {
      const steps = job(w, 'build').steps!;
      steps.splice(
        steps.findIndex((s) => s.uses?.startsWith('actions/upload-pages-artifact@')),
        0,
        { run: 'npm run build' },
      );
    });
    assert.ok(
      rebuilt.some((p) => p.includes('`npm run build` runs between the tests and the upload')),
      rebuilt.join('\n'),
    );
  });

  test('publishing without the online proof of every credited commit, or with it after the tests or under a condition, trips', () => {
    const expected = /expected an unconditional step running `npm run artifacts -- --prove` before the tests/;
    const removed = broken((w) => {
      const steps = job(w, 'build').steps!;
      steps.splice(
        steps.findIndex((s) => s.run === 'npm run artifacts -- --prove'),
        1,
      );
    });
    assert.ok(
      removed.some((p) => expected.test(p) && p.endsWith('found none')),
      removed.join('\n'),
    );
    const late = broken((w) => {
      const steps = job(w, 'build').steps!;
      const [prove] = steps.splice(
        steps.findIndex((s) => s.run === 'npm run artifacts -- --prove'),
        1,
      );
      steps.splice(steps.findIndex((s) => s.run === 'npm test') + 1, 0, prove!);
    });
    assert.ok(
      late.some((p) => expected.test(p)),
      late.join('\n'),
    );
    const conditional = broken(
      (w) =>
        void (step(w, 'build', (s) => s.run === 'npm run artifacts -- --prove').if =
          "github.event_name == 'pull_request'"),
    );
    assert.ok(
      conditional.some((p) => expected.test(p) && p.includes('with a condition')),
      conditional.join('\n'),
    );
  });

  test('a browser cache not keyed on the Playwright version, or a download on a hit, trips', () => {
    const unkeyed = broken(
      (w) => void (step(w, 'build', (s) => s.id === 'browsers').with!['key'] = 'playwright-${{ runner.os }}'),
    );
    assert.deepEqual(unkeyed, [
      'jobs.build: the browser cache\'s key must change with the Playwright version package-lock.json pins (a step with an id that reads it); found key "playwright-${{ runner.os }}"',
    ]);
    const always = broken(
      (w) => void delete step(w, 'build', (s) => s.run === 'npx playwright install --with-deps chromium').if,
    );
    assert.deepEqual(always, [
      'jobs.build: on a browser cache hit expected `npx playwright install-deps chromium` alone; found ["npx playwright install --with-deps chromium","npx playwright install-deps chromium"]',
    ]);
  });

  test('an action on a tag instead of a commit trips, and so does a SHA without its release', () => {
    assert.deepEqual(
      broken((w) => void (job(w, 'deploy').steps![0] = { id: 'deployment', uses: 'actions/deploy-pages@v5' })),
      ['jobs.deploy: actions/deploy-pages@v5 is not pinned to a full commit SHA'],
    );
    const uncommented = text.replace(/(uses: actions\/deploy-pages@[0-9a-f]{40}) # v[\d.]+/, '$1');
    assert.equal(releaseCommentProblems(uncommented).length, 1);
  });
});
