/**
 * A setting (an environment variable) refused before any work starts: which one,
 * what it must be, and what it was.
 */
export class SettingError extends Error {
  readonly variable: string;
  readonly expected: string;
  readonly found: string;
  constructor(variable: string, expected: string, found: string) {
    super(`Setting refused: ${variable} must be ${expected}; found ${found}.`);
    this.name = 'SettingError';
    this.variable = variable;
    this.expected = expected;
    this.found = found;
  }
}
