/** What npm installed, as one digest: part of the key of every build cache that holds a library's output. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The SHA-256 of npm's record of every installed package (node_modules/.package-lock.json),
 * found from `pkg`'s own folder: a different version of `pkg` or of anything it uses is a
 * different digest. Undefined when npm left no record: then nothing is cached.
 */
export function installedDigest(pkg: string): string | undefined {
  const found = findPackageJSON(pkg, import.meta.url);
  if (found === undefined) throw new Error(`${pkg} is not installed`);
  // node_modules/<pkg>/package.json, or node_modules/@scope/<pkg>/package.json
  const nodeModules = dirname(dirname(pkg.startsWith('@') ? dirname(found) : found));
  try {
    return createHash('sha256').update(readFileSync(join(nodeModules, '.package-lock.json'))).digest('hex');
  } catch {
    return undefined;
  }
}
