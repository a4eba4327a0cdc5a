/** Admission's refusal: the file, the JSON Pointer of the place, what was expected and what was found. */
import { ProblemError } from '../core/problem.ts';
import { escapeText } from '../core/escape-text.ts';

type Reading = 'lock' | 'presence' | 'size' | 'digest' | 'json' | 'schema';
export type CheckId = Reading | 'pins' | 'index' | 'properties' | 'totals' | 'derivation' | 'history' | 'revision';

export class AdmissionError extends ProblemError {
  override name = 'AdmissionError';
  readonly check: CheckId;
  readonly file: string;
  readonly pointer: string;
  readonly expected: string;
  readonly found: string;

  constructor(check: CheckId, file: string, pointer: string, expected: string, found: string) {
    super([{ file, place: pointer, message: escapeText(`[${check}] expected ${expected}; found ${found}.`) }]);
    // The refusal's one line, as admission has always printed it.
    this.message = escapeText(
      `Artifact refused [${check}] ${file} at ${pointer === '' ? '(document root)' : pointer}: ` +
        `expected ${expected}; found ${found}.`,
    );
    this.check = check;
    this.file = file;
    this.pointer = pointer;
    this.expected = expected;
    this.found = found;
  }
}

/** A short, single-line rendering of a found value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length > 80) text = `${text.slice(0, 77)}...`;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return `${text} (${kind})`;
}
