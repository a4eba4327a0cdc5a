/** Turns a zod failure into one AdmissionError naming the JSON Pointer, the expectation and the find. */
import * as z from 'zod/mini';
import { AdmissionError, describe } from './errors.ts';
import { resolvePointer, toPointer } from './pointer.ts';

function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `a value of type ${issue.expected}`;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'number'
        ? `a number ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`
        : `${issue.origin} of ${issue.exact ? 'exactly' : 'at least'} ${String(issue.minimum)} item(s) or character(s)`;
    case 'too_big':
      return issue.origin === 'number'
        ? `a number ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`
        : `${issue.origin} of ${issue.exact ? 'exactly' : 'at most'} ${String(issue.maximum)} item(s) or character(s)`;
    case 'invalid_format':
      return `a string of the form ${issue.message ?? issue.format}`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'only the keys the schema names';
    case 'invalid_key':
      return `a key of the form the schema names (${issue.issues[0]?.message ?? 'see schema'})`;
    default:
      return issue.message;
  }
}

export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const pointer = toPointer(path);
  const more =
    result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s) after it)` : '';
  if (issue.code === 'unrecognized_keys') {
    const key = JSON.stringify(issue.keys[0]!);
    const at = toPointer([...path, issue.keys[0]!]);
    throw new AdmissionError('schema', file, at, expectation(issue), `an unknown key ${key}${more}`);
  }
  const found =
    issue.code === 'invalid_key' ? `the key ${JSON.stringify(path.at(-1))}` : describe(resolvePointer(value, pointer));
  throw new AdmissionError('schema', file, pointer, expectation(issue), found + more);
}
