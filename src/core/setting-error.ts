/** A setting (an environment variable) refused before any work starts: which, what it must be, what it was. */
import { escapeText } from './escape-text.ts';
import { ProblemError } from './problem.ts';

export class SettingError extends ProblemError {
  override name = 'SettingError';
  readonly variable: string;
  readonly expected: string;
  readonly found: string;
  constructor(variable: string, expected: string, found: string) {
    super([{ file: 'the environment', place: variable, message: escapeText(`must be ${expected}; found ${found}.`) }]);
    // The refusal's one line, as the commands print it.
    this.message = escapeText(`Setting refused: ${variable} must be ${expected}; found ${found}.`);
    this.variable = variable;
    this.expected = expected;
    this.found = found;
  }
}
