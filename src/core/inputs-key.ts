/**
 * One SHA-256 over everything a build step's result depends on, for the build's caches
 * (src/charts/drawing-cache.ts, src/guards/prose-verdict.ts): named fields, the bytes of
 * every file under the folders named, npm's record of the installed packages and the Node
 * version. Any change to any of them is another key.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { installedDigest } from './installed.ts';

export interface KeyedInputs {
  /** The project: `dirs` are relative to it. */
  readonly root: string;
  /** Folders whose every file (path and bytes) goes into the key. */
  readonly dirs: readonly string[];
  /** Everything else, by name. */
  readonly fields: Readonly<Record<string, string | Uint8Array>>;
  /** A package the step uses, to find npm's record of what is installed (installed.ts). */
  readonly packageUsed: string;
}

/**
 * Every file under `dir`, as paths relative to `root` with '/', sorted; undefined when the
 * folder holds anything but files and folders (a link could point at bytes the key never reads).
 */
function filesUnder(root: string, dir: string): string[] | undefined {
  const entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true });
  if (entries.some((e) => !e.isFile() && !e.isDirectory())) return undefined;
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** The key, or undefined (then nothing is cached) when npm left no record of what is installed or a folder holds a link. */
export function inputsKey(inputs: KeyedInputs): string | undefined {
  const installed = installedDigest(inputs.packageUsed);
  if (installed === undefined) return undefined;
  const files = inputs.dirs.map((dir) => filesUnder(inputs.root, dir));
  if (files.some((f) => f === undefined)) return undefined;
  const hash = createHash('sha256');
  const field = (name: string, value: string | Uint8Array) => hash.update(`${name}\0${value.length}\0`).update(value);
  field('node', process.version);
  field('installed', installed);
  for (const name of Object.keys(inputs.fields).sort()) field(`field:${name}`, inputs.fields[name]!);
  for (const file of files.flat() as string[]) field(`file:${file}`, readFileSync(join(inputs.root, file)));
  return hash.digest('hex');
}
