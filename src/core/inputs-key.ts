/**
 * One SHA-256 over everything a build step's result depends on, for the build's caches
 * (src/charts/drawing-cache.ts, src/guards/prose-verdict.ts): named fields, the bytes of
 * every file under the folders named and of the files named (the project's own
 * configuration among them), npm's record of the installed packages and the Node
 * version. Any change to any of them is another key. When the inputs cannot all be read
 * (a file that vanishes while it is read, a link, no record of the installed packages),
 * there is no key, and nothing is cached.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { installedDigest } from './installed.ts';

/** The project's own configuration: how its code is compiled and bundled, whatever the step. */
export const PROJECT_CONFIGURATION = ['astro.config.mjs', 'tsconfig.json', 'package.json', 'scripts/lib/plot-bundle.ts', 'scripts/lib/prebundle.ts'] as const;

export interface KeyedInputs {
  /** The project: `dirs` and `files` are relative to it. */
  readonly root: string;
  /** Folders whose every file (path and bytes) goes into the key. */
  readonly dirs: readonly string[];
  /** Single files that go into the key; PROJECT_CONFIGURATION always does. */
  readonly files?: readonly string[];
  /** Everything else, by name. */
  readonly fields: Readonly<Record<string, string | Uint8Array>>;
  /** A package of the project's own dependencies, to find npm's record of what is installed (installed.ts). */
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

/** The named inputs of a key besides the files: Node, what is installed, and the step's own fields. */
export function keyFields(inputs: KeyedInputs): Record<string, string | Uint8Array> | undefined {
  const installed = installedDigest(inputs.packageUsed);
  if (installed === undefined) return undefined;
  return { ...inputs.fields, 'node version': process.version, 'installed packages': installed };
}

/** The key, or undefined when the inputs cannot all be read (then nothing is cached). */
export function inputsKey(inputs: KeyedInputs): string | undefined {
  try {
    const fields = keyFields(inputs);
    const listed = inputs.dirs.map((dir) => filesUnder(inputs.root, dir));
    if (fields === undefined || listed.some((f) => f === undefined)) return undefined;
    const files = [...new Set([...(listed.flat() as string[]), ...PROJECT_CONFIGURATION, ...(inputs.files ?? [])])];
    const hash = createHash('sha256');
    const field = (name: string, value: string | Uint8Array) => hash.update(`${name}\0${value.length}\0`).update(value);
    for (const name of Object.keys(fields).sort()) field(`field:${name}`, fields[name]!);
    for (const file of files) field(`file:${file}`, readFileSync(join(inputs.root, file)));
    return hash.digest('hex');
  } catch {
    // A file gone between listing and reading (an editor's swap file), a package not found: no key, no cache.
    return undefined;
  }
}
