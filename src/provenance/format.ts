/** The one place figures are formatted, as the audit's Python formats them (spec 9.2). */
import { toFixedPython } from '../core/python-round.ts';

export const KINDS = [
  'score',
  'f1',
  'ratio',
  'count',
  'integer',
  'percent',
  'percent1',
  'percent2',
  'megabytes',
  'raw',
] as const;
export type Kind = (typeof KINDS)[number];

function integerOf(value: number, kind: Kind): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`a ${kind} must be a whole number, got ${value}`);
  return value;
}

export function formatFigure(value: number, kind: Kind): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot format ${value} as ${kind}`);
  // A negative zero is zero: never "-0.000".
  if (Object.is(value, -0)) value = 0;
  switch (kind) {
    case 'score':
      return toFixedPython(value, 3);
    case 'f1':
      return toFixedPython(value, 4);
    case 'ratio':
      return `${toFixedPython(value, 1)}x`;
    case 'count':
      return (integerOf(value, kind) < 0 ? '-' : '') + String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    case 'integer':
      return String(integerOf(value, kind));
    case 'percent':
      return `${toFixedPython(value * 100, 0)}%`;
    case 'percent1':
      return `${toFixedPython(value * 100, 1)}%`;
    case 'percent2':
      return `${toFixedPython(value * 100, 2)}%`;
    case 'megabytes':
      return `${toFixedPython(value / 1_000_000, 1)} MB`;
    case 'raw':
      // The value as stored, for provenance notes: shortest round-trip form.
      return String(value);
  }
}
