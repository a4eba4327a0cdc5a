/** A figure: a number together with where it came from. Components render figures, never number strings. */
import type { Audit } from '../audit/assemble.ts';
import { artifactAt } from '../admission/artifacts.ts';
import { resolvePointer } from '../admission/pointer.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../admission/schemas.ts';
import { KINDS, type Kind } from './format.ts';
import { visibleText } from './untrusted.ts';
import { ProblemError } from '../core/problem.ts';

export type Source =
  | { readonly type: 'artifact'; readonly file: ArtifactPath; readonly pointer: string }
  | { readonly type: 'lock'; readonly pointer: string }
  | { readonly type: 'derived'; readonly name: string; readonly inputs: readonly string[] }
  | { readonly type: 'paper'; readonly citation: string }
  /** This site's own build: its commit or that commit's date, as git (or the build's declaration) gave it. */
  | { readonly type: 'site'; readonly what: string }
  /** A value in one of the committed change records (audit-changes/), by JSON Pointer. */
  | { readonly type: 'record'; readonly file: string; readonly pointer: string };

export type ArtifactSource = Extract<Source, { type: 'artifact' }>;

export interface Figure {
  readonly value: number;
  readonly kind: Kind;
  readonly source: Source;
}

/** A string from an artifact, shown as the audit's words (never as markup). */
export interface Words {
  readonly text: string;
  readonly source: Source;
  /** The text is the last segment of the source pointer (an object key), not the value there. */
  readonly isKey?: boolean;
}

/** A figure reference that names nothing: the project's one problem type, placed at the file and pointer it names. */
class FigureReferenceError extends ProblemError {
  override name = 'FigureReferenceError';
  constructor(file: string, place: string, message: string) {
    super([{ file, place, message }]);
  }
}

/** The admitted object behind an artifact path. */
export function artifactOf(audit: Audit, file: ArtifactPath): unknown {
  return artifactAt(audit, file);
}

/** `file#pointer`, the compact form used in markup and in derivation inputs. */
export function ref(file: string, pointer: string): string {
  return `${file}#${pointer}`;
}

/** Splits `results/x.json#/a/b` into a checked artifact path and a pointer. */
export function parseRef(reference: string): { file: ArtifactPath; pointer: string } {
  const hash = reference.indexOf('#');
  const file = (hash < 0 ? reference : reference.slice(0, hash)) as ArtifactPath;
  if (!ARTIFACT_PATHS.includes(file))
    throw new FigureReferenceError(file, '', `no such artifact (known: ${ARTIFACT_PATHS.join(', ')})`);
  return { file, pointer: hash < 0 ? '' : reference.slice(hash + 1) };
}

function lookup(audit: Audit, file: ArtifactPath, pointer: string): unknown {
  const value = resolvePointer(artifactOf(audit, file), pointer);
  if (value === undefined) throw new FigureReferenceError(file, pointer, 'names no leaf in the admitted artifact');
  return value;
}

export function leaf(audit: Audit, file: ArtifactPath, pointer: string, kind: Kind): Figure {
  if (!KINDS.includes(kind))
    throw new FigureReferenceError(file, pointer, `unknown figure kind ${JSON.stringify(kind)}`);
  const value = lookup(audit, file, pointer);
  if (typeof value !== 'number') throw new FigureReferenceError(file, pointer, `is a ${typeof value}, not a number`);
  return { value, kind, source: { type: 'artifact', file, pointer } };
}

export function words(audit: Audit, file: ArtifactPath, pointer: string): Words {
  const value = lookup(audit, file, pointer);
  if (typeof value !== 'string') throw new FigureReferenceError(file, pointer, `is a ${typeof value}, not a string`);
  return { text: value, source: { type: 'artifact', file, pointer } };
}

/** An object key (a split, predictor or label name) as words: its pointer is the key's own path. */
export function keyWords(file: ArtifactPath, pointer: string): Words {
  const last = pointer.split('/').at(-1);
  if (last === undefined || pointer === '') throw new FigureReferenceError(file, pointer, 'names no key');
  return {
    text: last.replaceAll('~1', '/').replaceAll('~0', '~'),
    source: { type: 'artifact', file, pointer },
    isKey: true,
  };
}

export function fromLock(audit: Audit, pointer: string, kind: Kind): Figure {
  const value = resolvePointer(audit.lock, pointer);
  if (typeof value !== 'number') throw new FigureReferenceError('artifacts.lock.json', pointer, 'is not a number');
  return { value, kind, source: { type: 'lock', pointer } };
}

export function derived(name: string, value: number, kind: Kind, inputs: readonly string[]): Figure {
  if (!Number.isFinite(value))
    throw new FigureReferenceError('src/measures/named.ts', `derivation ${name}`, `gave ${value}`);
  return { value, kind, source: { type: 'derived', name, inputs } };
}

/** The same value in another format (e.g. a score as a whole percent), keeping its provenance. */
export function as(figure: Figure, kind: Kind): Figure {
  return { ...figure, kind };
}

/** The re-derivation that recomputed a leaf, if any: one over an array or object covers the leaves beneath it. */
export function rederivedBy(audit: Audit, file: string, pointer: string): string | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const name = audit.rederived.get(ref(file, p));
    if (name !== undefined || p === '') return name;
  }
}

/** The data attributes that carry a source in the markup, read back by the tests and the figure census. */
export function provenanceAttributes(source: Source): Record<string, string | undefined> {
  return {
    'data-source': source.type,
    'data-file':
      source.type === 'artifact' || source.type === 'record'
        ? source.file
        : source.type === 'lock'
          ? 'artifacts.lock.json'
          : undefined,
    'data-pointer':
      source.type === 'artifact' || source.type === 'lock' || source.type === 'record'
        ? visibleText(source.pointer)
        : undefined,
    'data-derivation': source.type === 'derived' ? source.name : undefined,
    'data-citation': source.type === 'paper' ? source.citation : undefined,
  };
}

/** One line a reader can check: where the figure comes from. */
export function describeSource(source: Source): string {
  switch (source.type) {
    case 'artifact':
      return ref(source.file, visibleText(source.pointer));
    case 'lock':
      return ref('artifacts.lock.json', visibleText(source.pointer));
    case 'derived':
      return `computed at build by ${source.name} from ${source.inputs.join(', ')}`;
    case 'paper':
      return `from the paper: ${source.citation}`;
    case 'site':
      return `this site's build: ${source.what}`;
    case 'record':
      return ref(source.file, source.pointer);
  }
}
