/**
 * The Pages workflow, read the way GitHub reads it: validated by GitHub's own workflow
 * parser (@actions/workflow-parser, the one behind the Actions language service), its
 * expressions evaluated by GitHub's expression engine (@actions/expressions) against
 * simulated events and simulated `configure-pages` outputs. The workflow check
 * (tests/unit/workflow.test.ts) and the dry run (scripts/pages-dry-run.ts) both read
 * the workflow through this module, so neither can drift from the file.
 */
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

// The parser's published build imports its schema JSON without `with { type: 'json' }`, which
// Node refuses (actions/languageservices#387, open). This hook adds the attribute for that
// package's own JSON files and nothing else.
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    return r.url.includes('/@actions/workflow-parser/') && r.url.endsWith('.json')
      ? { ...r, importAttributes: { type: 'json' } }
      : r;
  },
});
const { parseWorkflow, NoOperationTraceWriter } = await import('@actions/workflow-parser');

export const WORKFLOW = '.github/workflows/pages.yml';

export interface Step {
  readonly id?: string;
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string | boolean;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, unknown>;
}
export interface Job {
  readonly if?: string | boolean;
  readonly needs?: string | string[];
  readonly permissions?: string | Record<string, string>;
  readonly env?: Record<string, unknown>;
  readonly 'timeout-minutes'?: unknown;
  readonly concurrency?: unknown;
  readonly environment?: unknown;
  readonly steps?: Step[];
}
export interface Workflow {
  readonly on?: unknown;
  readonly permissions?: string | Record<string, string>;
  readonly env?: Record<string, unknown>;
  readonly concurrency?: string | { group?: unknown; 'cancel-in-progress'?: unknown };
  readonly jobs: Record<string, Job>;
}

/** GitHub's parser's verdict on the workflow text: one line per error, with line and column. */
export function schemaErrors(text: string, name = WORKFLOW): string[] {
  const result = parseWorkflow({ name, content: text }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

export function readWorkflow(root = '.'): { text: string; workflow: Workflow } {
  const text = readFileSync(`${root}/${WORKFLOW}`, 'utf8');
  return { text, workflow: parse(text) as Workflow };
}

/** The events a reviewer cares about: which of them may deploy is the point of the rules. */
export const EVENTS = {
  'push to main': { event_name: 'push', ref: 'refs/heads/main' },
  'manual run on main': { event_name: 'workflow_dispatch', ref: 'refs/heads/main' },
  'push to another branch': { event_name: 'push', ref: 'refs/heads/feature' },
  'manual run on another branch': { event_name: 'workflow_dispatch', ref: 'refs/heads/feature' },
  'pull request': { event_name: 'pull_request', ref: 'refs/pull/7/merge' },
} as const;
export type EventName = keyof typeof EVENTS;
export const DEPLOYING: readonly EventName[] = ['push to main', 'manual run on main'];

/** What `actions/configure-pages` outputs, for a project page and for a custom domain at its root. */
export const PAGES_SITES = {
  'project page': pagesOutputs('https://dry-run-owner.github.io', '/trail-audit-site'),
  'custom domain': pagesOutputs('https://audit.example.org', ''),
} as const;
export type PagesSite = keyof typeof PAGES_SITES;

export function pagesOutputs(origin: string, basePath: string) {
  return { origin, base_path: basePath, base_url: origin + basePath, host: new URL(origin).host };
}

export interface Simulation {
  readonly event: EventName;
  readonly site: PagesSite | ReturnType<typeof pagesOutputs>;
  /** Outputs of other steps, by step id (e.g. the browser cache's `cache-hit`). */
  readonly steps?: Record<string, Record<string, string>>;
  /** Outputs of the jobs this one needs, by job id. */
  readonly needs?: Record<string, Record<string, string>>;
}

function contextFor(sim: Simulation): Record<string, unknown> {
  const ev = EVENTS[sim.event];
  const pages = typeof sim.site === 'string' ? PAGES_SITES[sim.site] : sim.site;
  const steps: Record<string, unknown> = { pages: { outputs: pages, outcome: 'success' } };
  for (const [id, outputs] of Object.entries(sim.steps ?? {})) steps[id] = { outputs, outcome: 'success' };
  return {
    github: {
      ...ev,
      ref_name: ev.ref.replace(/^refs\/(heads|pull)\//, ''),
      repository: 'dry-run-owner/trail-audit-site',
      repository_owner: 'dry-run-owner',
      event: { repository: { name: 'trail-audit-site' } },
      sha: '0'.repeat(40),
      token: '',
      run_id: '1',
      workspace: '.',
    },
    runner: { os: 'Linux', arch: 'X64', temp: '/tmp' },
    steps,
    needs: Object.fromEntries(
      Object.entries(sim.needs ?? {}).map(([id, outputs]) => [id, { outputs, result: 'success' }]),
    ),
    env: {},
    vars: {},
    inputs: {},
    secrets: {},
    job: {},
  };
}

// Status functions: the simulation is of a run where every earlier step succeeded.
const STATUS = new Map(
  (
    [
      ['success', true],
      ['always', true],
      ['failure', false],
      ['cancelled', false],
    ] as const
  ).map(([name, value]) => [name, { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) }]),
);

function evaluateExpression(expr: string, ctx: Record<string, unknown>): data.ExpressionData {
  const lexed = new Lexer(expr).lex();
  const tree = new Parser(lexed.tokens, Object.keys(ctx), [...STATUS.values()]).parse();
  const context = JSON.parse(JSON.stringify(ctx), data.reviver) as data.Dictionary;
  return new Evaluator(tree, context, STATUS).evaluate();
}

function plain(d: data.ExpressionData): unknown {
  return JSON.parse(JSON.stringify(d, data.replacer)) as unknown;
}

/** A value as GitHub would see it at run time: `${{ }}` evaluated, a lone expression keeping its type. */
export function evaluate(value: unknown, sim: Simulation): unknown {
  if (typeof value !== 'string' || !value.includes('${{')) return value;
  const ctx = contextFor(sim);
  const whole = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(value);
  if (whole && !whole[1]!.includes('}}')) return plain(evaluateExpression(whole[1]!, ctx));
  return value.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => evaluateExpression(expr, ctx).coerceString());
}

/** Whether an `if:` (a job's or a step's) holds; absent means it does. */
export function holds(condition: string | boolean | undefined, sim: Simulation): boolean {
  if (condition === undefined) return true;
  if (typeof condition === 'boolean') return condition;
  const expr = condition.replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1');
  return truthy(evaluateExpression(expr, contextFor(sim)));
}

/** The environment a step's commands run with: workflow, then job, then step, evaluated. */
export function stepEnv(workflow: Workflow, job: Job, step: Step, sim: Simulation): Record<string, string> {
  const env: Record<string, string> = {};
  for (const layer of [workflow.env, job.env, step.env]) {
    for (const [k, v] of Object.entries(layer ?? {})) env[k] = String(evaluate(v, sim));
  }
  return env;
}

export const usesAction = (step: Step, action: string): boolean => step.uses?.split('@')[0] === action;

/** The job that deploys (the one using actions/deploy-pages) and the one that uploads. */
export function jobUsing(workflow: Workflow, action: string): [string, Job][] {
  return Object.entries(workflow.jobs).filter(([, job]) => (job.steps ?? []).some((s) => usesAction(s, action)));
}
