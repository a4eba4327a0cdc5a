/**
 * `node scripts/ci/site-manifest.ts <folder>`: writes <folder>/site-manifest.json, which the sign job attests:
 * every file's path and SHA-256, the lock's digest, and the repository and commit the site was built from.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLock } from '../../src/admission/load.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { lockPath } from '../../src/admission/paths.ts';
import { readSiteRevision } from '../../src/site/site-revision.ts';
import { readFolder } from '../lib/archive.ts';

export const MANIFEST = 'site-manifest.json';
export const BUNDLE = 'site-manifest.sigstore.json';

export interface SiteManifest {
  readonly repository: string | undefined;
  readonly commit: string;
  readonly lock: string;
  readonly files: readonly { readonly path: string; readonly sha256: string }[];
}

const hashed = (folder: string) =>
  [...readFolder(folder)]
    .filter(([path]) => path !== MANIFEST && path !== BUNDLE)
    .map(([path, bytes]) => ({ path, sha256: createHash('sha256').update(bytes).digest('hex') }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));

/** Problems with a folder against its manifest: a file missing, changed or not listed. */
export function siteManifestProblems(folder: string, manifest: SiteManifest): string[] {
  const listed = new Map(manifest.files.map((f) => [f.path, f.sha256]));
  const found = new Map(hashed(folder).map((f) => [f.path, f.sha256]));
  return [...new Set([...listed.keys(), ...found.keys()])]
    .filter((p) => listed.get(p) !== found.get(p))
    .sort()
    .map((p) => {
      const want = listed.has(p)
        ? `SHA-256 ${listed.get(p)}, as ${MANIFEST} lists`
        : `no such file (${MANIFEST} does not list it)`;
      return `${p}: expected ${want}; found ${found.has(p) ? `SHA-256 ${found.get(p)}` : 'no file'}`;
    });
}

if (import.meta.main) {
  const folder = process.argv[2] ?? 'dist';
  const revision = readSiteRevision(process.cwd());
  const manifest: SiteManifest = {
    repository: revision.repository,
    commit: revision.label,
    lock: await lockDigest(loadLock(lockPath())),
    files: hashed(folder),
  };
  writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  console.log(`${folder}/${MANIFEST}: ${manifest.files.length} files of ${manifest.repository} at ${manifest.commit}`);
}
