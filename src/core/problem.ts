/** The one shape of every refusal: the file, the place (a JSON Pointer, line:column, element path or ''), what is wrong. */
export interface Problem {
  readonly file: string;
  readonly place: string;
  readonly message: string;
}

/** One line per problem: `file:line:column: ...` for source positions (editors follow them), `file at place: ...` otherwise. */
export function describeProblem(p: Problem): string {
  if (p.place === '') return `${p.file}: ${p.message}`;
  return /^\d+:\d+$/.test(p.place) ? `${p.file}:${p.place}: ${p.message}` : `${p.file} at ${p.place}: ${p.message}`;
}

/** What every guard and admission throws: one or more problems under a heading. */
export class ProblemError extends Error {
  override name = 'ProblemError';
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[], heading?: string) {
    const lines = problems.map(describeProblem);
    super(
      heading === undefined ? lines.join('\n') : `${heading}: ${problems.length} problem(s)\n  ${lines.join('\n  ')}`,
    );
    this.problems = problems;
  }
}
