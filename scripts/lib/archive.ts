/**
 * The permanent copies (docs/citing-and-archive.md): r/<revision>/ beside r/<revision>.sha256 on the
 * `site-archive` branch, read through git's objects in a repository of our own, never a work tree.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ProblemError } from '../../src/core/problem.ts';
import { SettingError } from '../../src/core/setting-error.ts';

export const ARCHIVE_BRANCH = 'site-archive';
const REVISION = /^[0-9a-f]{12}$/;
const ENTRY = /^r\/([0-9a-f]{12})(?:\.sha256|\/((?:(?!\.\.?\/)[^/\0]+\/)*(?!\.\.?$)[^/\0]+))$/;

const refuse = (file: string, message: string): never => {
  throw new ProblemError([{ file, place: '', message }]);
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** ARCHIVE_REMOTE (an https address or an absolute path), else on GitHub Actions the workflow's own repository. */
export function archiveRemote(env: NodeJS.ProcessEnv): string {
  const named = env['ARCHIVE_REMOTE'];
  if (named !== undefined) {
    const form =
      "an https:// address or an absolute path of a git repository (letters, digits, '_', '.', '/', '-' only)";
    if (!/^(?:https:\/\/[A-Za-z0-9.-]+(?::\d+)?\/[\w./-]+|\/[\w./-]+)$/.test(named))
      throw new SettingError('ARCHIVE_REMOTE', form, JSON.stringify(named));
    return named;
  }
  const repository = env['GITHUB_REPOSITORY'];
  if (env['GITHUB_TOKEN'] && repository && /^[\w.-]+\/[\w.-]+$/.test(repository))
    return `https://x-access-token:${env['GITHUB_TOKEN']}@github.com/${repository}.git`;
  const where =
    'the repository holding the site-archive branch (on GitHub Actions: GITHUB_TOKEN and GITHUB_REPOSITORY)';
  throw new SettingError('ARCHIVE_REMOTE', where, 'nothing');
}

/** Credentials in a remote's address never reach a message. */
const shown = (text: string) => text.replace(/\/\/[^@/\s]*@/g, '//');

/** git with no system, global or handed repository configuration, and only the https and file transports. */
function git(gitDir: string, args: readonly string[], input?: string | Buffer): Buffer {
  const only = ['-c', 'protocol.allow=never', '-c', 'protocol.https.allow=always', '-c', 'protocol.file.allow=always'];
  const env = { PATH: process.env['PATH'], GIT_DIR: gitDir, GIT_TERMINAL_PROMPT: '0' };
  const r = spawnSync('git', [...only, ...args], {
    input,
    maxBuffer: 1 << 30,
    env: { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  if (r.status !== 0)
    refuse('the archive branch', `expected git ${args[0]} to succeed; found: ${shown(r.stderr.toString().trim())}`);
  return r.stdout;
}

/** The branch as the remote holds it, fetched into a bare repository of our own. */
interface Archive {
  readonly gitDir: string;
  /** The branch's newest commit, or undefined when there is no branch yet. */
  readonly commit: string | undefined;
  /** Every revision on it, each checked against its manifest: path under r/<revision>/ to bytes. */
  readonly revisions: ReadonlyMap<string, ReadonlyMap<string, Buffer>>;
  dispose(): void;
}

export function readArchive(remote: string, branch = ARCHIVE_BRANCH): Archive {
  const gitDir = mkdtempSync(join(tmpdir(), 'site-archive-'));
  const dispose = () => rmSync(gitDir, { recursive: true, force: true });
  try {
    git(gitDir, ['init', '--quiet', '--bare', gitDir]);
    const heads = git(gitDir, ['ls-remote', '--heads', '--', remote, `refs/heads/${branch}`]).toString();
    if (!heads.trim()) return { gitDir, commit: undefined, revisions: new Map(), dispose };
    git(gitDir, ['fetch', '--quiet', '--no-tags', '--', remote, `+refs/heads/${branch}:refs/archive`]);
    const commit = git(gitDir, ['rev-parse', '--verify', 'refs/archive^{commit}']).toString().trim();
    return { gitDir, commit, revisions: revisionsAt(gitDir, commit), dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}

/** Every revision in a commit's tree: regular files only, every path inside r/<revision>/, every byte as its manifest lists. */
function revisionsAt(gitDir: string, commit: string): Map<string, Map<string, Buffer>> {
  const entries = git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', commit])
    .toString()
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      // git quotes no path under -z: everything after the first tab is the path, tabs and all.
      const tab = line.indexOf('\t');
      const [meta, path] = [line.slice(0, tab), line.slice(tab + 1)];
      const [mode, type, id] = meta.split(' ') as [string, string, string];
      if (type !== 'blob' || mode !== '100644') refuse(path, `expected a regular file; found git mode ${mode} ${type}`);
      if (!ENTRY.test(path)) refuse(path, 'expected only r/<12 hex>/<files> and r/<12 hex>.sha256 on the branch');
      return { path, id };
    });
  const blobs = catBlobs(
    gitDir,
    entries.map((e) => e.id),
  );
  const files = new Map(entries.map((e, i) => [e.path, blobs[i]!]));
  const revisions = new Map<string, Map<string, Buffer>>();
  for (const [path, bytes] of files) {
    const [, revision, inner] = ENTRY.exec(path)!;
    if (inner === undefined) continue;
    if (!revisions.has(revision!)) revisions.set(revision!, new Map());
    revisions.get(revision!)!.set(inner, bytes);
  }
  for (const [revision, folder] of revisions)
    checkManifest(revision, folder, files.get(`r/${revision}.sha256`)?.toString('utf8'));
  for (const path of files.keys())
    if (path.endsWith('.sha256') && !revisions.has(path.slice(2, 14)))
      refuse(path, 'expected the folder its manifest lists beside it; found none');
  return revisions;
}

/** The bytes of each blob, in order, from one `git cat-file --batch`. */
function catBlobs(gitDir: string, ids: readonly string[]): Buffer[] {
  const out = git(gitDir, ['cat-file', '--batch'], ids.map((id) => `${id}\n`).join(''));
  const blobs: Buffer[] = [];
  let at = 0;
  for (const id of ids) {
    const eol = out.indexOf(10, at);
    const [got, type, size] = out.subarray(at, eol).toString().split(' ');
    if (got !== id || type !== 'blob') refuse(id, `expected a blob; git answered "${got} ${type}"`);
    blobs.push(out.subarray(eol + 1, eol + 1 + Number(size)));
    at = eol + 2 + Number(size);
  }
  return blobs;
}

/** The manifest of a folder's files: `<sha256>  <path>` for each, sorted by path. */
export function manifestOf(files: ReadonlyMap<string, Uint8Array>): string {
  return [...files.keys()]
    .sort()
    .map((p) => `${sha256(files.get(p)!)}  ${p}\n`)
    .join('');
}

/** A revision's files are exactly what its manifest lists: no file missing, changed or added. */
export function checkManifest(revision: string, files: ReadonlyMap<string, Uint8Array>, listed: string | undefined) {
  const label = `r/${revision}.sha256`;
  if (listed === undefined) refuse(label, `expected the manifest of r/${revision}/ beside it; found none`);
  const found = manifestOf(files);
  if (listed === found) return;
  const table = (text: string) => new Map(text.split('\n').map((l) => [l.slice(66), l.slice(0, 64)]));
  const [want, have] = [table(listed!), table(found)];
  const first = [...new Set([...want.keys(), ...have.keys()])].sort().find((p) => want.get(p) !== have.get(p))!;
  const expected = want.has(first)
    ? `SHA-256 ${want.get(first)}, as ${label} lists`
    : `no such file (${label} does not list it)`;
  refuse(
    `r/${revision}/${first}`,
    `expected ${expected}; found ${have.has(first) ? `SHA-256 ${have.get(first)}` : 'no file'}`,
  );
}

/** Every regular file under a folder of our own making (hidden ones left out, as Pages leaves them out), by POSIX path. */
export function readFolder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name).slice(dir.length + 1);
    if (path.split('/').some((s) => s.startsWith('.')) || e.isDirectory()) continue;
    if (!e.isFile()) refuse(join(dir, path), 'expected a regular file; found a link or a device');
    files.set(path, readFileSync(join(dir, path)));
  }
  return files;
}

/** The revisions a folder laid out like the archive holds, each checked against its manifest (read from disk). */
export function revisionsIn(root: string): string[] {
  const r = join(root, 'r');
  if (!existsSync(r)) return [];
  const names = readdirSync(r);
  for (const n of names)
    if (!REVISION.test(n.replace(/\.sha256$/, '')))
      refuse(`r/${n}`, 'expected only r/<12 hex>/ folders and their r/<12 hex>.sha256 manifests');
  const revisions = names.filter((n) => REVISION.test(n)).sort();
  for (const revision of revisions) {
    const manifest = join(r, `${revision}.sha256`);
    checkManifest(
      revision,
      readFolder(join(r, revision)),
      existsSync(manifest) ? readFileSync(manifest, 'utf8') : undefined,
    );
  }
  return revisions;
}

/** Writes an archived revision's files, and its manifest, under `out`/r/. */
export function writeRevision(out: string, revision: string, files: ReadonlyMap<string, Uint8Array>): void {
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(out, 'r', revision, path)), { recursive: true });
    writeFileSync(join(out, 'r', revision, path), bytes);
  }
  writeFileSync(join(out, 'r', `${revision}.sha256`), manifestOf(files));
}

/** Adds `pending`'s one revision to the branch as a commit that adds only that folder (already there: the same bytes). */
export function recordRevision(remote: string, pending: string, branch = ARCHIVE_BRANCH): string {
  const held = revisionsIn(pending);
  const made = `expected the one revision the build job made; found ${held.join(', ') || 'none'}`;
  const revision = held.length === 1 ? held[0]! : refuse(pending, made);
  const files = readFolder(join(pending, 'r', revision));
  const archive = readArchive(remote, branch);
  try {
    const archived = archive.revisions.get(revision);
    if (archived) {
      if (manifestOf(archived) !== manifestOf(files))
        refuse(`r/${revision}/`, 'expected the bytes first archived for it; found a build that differs');
      return `${revision} already archived`;
    }
    const { gitDir, commit } = archive;
    // The index of our own bare repository: the new commit's tree is the branch's plus this folder, no work tree.
    if (commit) git(gitDir, ['read-tree', commit]);
    const entry = (path: string, bytes: Uint8Array) =>
      `100644 ${git(gitDir, ['hash-object', '-w', '--stdin'], Buffer.from(bytes)).toString().trim()}\t${path}\n`;
    const entries = [...files].map(([p, bytes]) => entry(`r/${revision}/${p}`, bytes));
    entries.push(entry(`r/${revision}.sha256`, Buffer.from(manifestOf(files))));
    git(gitDir, ['update-index', '--add', '--index-info'], entries.join(''));
    const tree = git(gitDir, ['write-tree']).toString().trim();
    const message = `Archive revision ${revision}: the site as first published for it`;
    const who = ['-c', 'user.name=site archive', '-c', 'user.email=site-archive@users.noreply.github.com'];
    const parent = commit ? ['-p', commit] : [];
    const created = git(gitDir, [...who, 'commit-tree', tree, ...parent, '-m', message])
      .toString()
      .trim();
    // A local remote's receive-pack runs in that repository: its hooks and alternate-refs command are switched off.
    const receivePack = 'git -c core.hooksPath=/dev/null -c core.alternateRefsCommand=true receive-pack';
    git(gitDir, ['push', '--quiet', `--receive-pack=${receivePack}`, '--', remote, `${created}:refs/heads/${branch}`]);
    return `${revision} recorded as ${created.slice(0, 12)}`;
  } finally {
    archive.dispose();
  }
}
