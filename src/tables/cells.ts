/** Shorthands the findings components share for turning admitted leaves into cells. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer, type PathSegment } from '../admission/pointer.ts';
import type { ArtifactPath } from '../admission/schemas.ts';
import type { Kind } from '../provenance/format.ts';
import { keyWords, leaf, words } from '../provenance/provenance.ts';
import type { Cell } from './spec.ts';

export function figCell(a: Audit, file: ArtifactPath, path: readonly PathSegment[], kind: Kind): Cell {
  return { fig: leaf(a, file, toPointer(path), kind) };
}

export function wordsCell(
  a: Audit,
  file: ArtifactPath,
  path: readonly PathSegment[],
  as: 'quote' | 'name' = 'name',
): Cell {
  return { words: words(a, file, toPointer(path)), as };
}

/** A key of an artifact object (a split or predictor name) as words: its provenance is the key's own path. */
export function keyCell(file: ArtifactPath, path: readonly PathSegment[], key: string): Cell {
  return { words: keyWords(file, toPointer([...path, key])), as: 'name' };
}

/** An identifier (trace or span id) stored as a value in an artifact. */
export function identCell(a: Audit, file: ArtifactPath, path: readonly PathSegment[]): Cell {
  return { ident: words(a, file, toPointer(path)).text, source: { type: 'artifact', file, pointer: toPointer(path) } };
}

/** Our words for an artifact value (a boolean as yes or no, a null), with the value's provenance. */
export function labelCell(label: string, file: ArtifactPath, path: readonly PathSegment[]): Cell {
  return { label, source: { type: 'artifact', file, pointer: toPointer(path) } };
}

export const EMPTY: Cell = { empty: true };
