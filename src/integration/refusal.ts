/** How the build stops on a refusal: its one message (and hint), never a stack trace or an unrelated Astro hint. */
import { rmSync } from 'node:fs';
import { refusalMessage } from '../admission/report.ts';
import { ProblemError, type Problem } from '../core/problem.ts';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/** Throws the problems under a heading: the build stops with them. */
export function fail(what: string, problems: readonly Problem[]): void {
  if (problems.length) throw new ProblemError(problems, what);
}

/** Runs `step`; a refusal removes `dist` (not publishable) and ends the process with its message; a bug goes to Astro. */
export async function orStop<T>(logger: Logger, step: () => T | Promise<T>, dist?: string): Promise<T> {
  try {
    return await step();
  } catch (e) {
    const message = refusalMessage(e);
    if (message === undefined) throw e;
    if (dist) rmSync(dist, { recursive: true, force: true });
    logger.error(message);
    process.exit(1);
  }
}
