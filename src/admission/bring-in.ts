/**
 * Bringing the audit's files in: every lock entry copied from a mirror laid out as the raw host serves
 * it, or downloaded from `<base><repository>/<commit>/<path>`, kept only with the locked size and SHA-256.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkBytes } from './admit.ts';
import { gitBlobId, indexDigest, sha256Hex } from './digest.ts';
import { AdmissionError } from './errors.ts';
import { changeRecord, changedLeaves } from './leaf-diff.ts';
import { recordFileName } from './history.ts';
import { loadLock, readCapped, readHistory } from './load.ts';
import { lockDigest } from './lock-digest.ts';
import { parseArtifact, type JsonValue } from './parse.ts';
import { artifactsRoot, auditMirror, historyDir, lockPath, sourceFile } from './paths.ts';
import {
  ARTIFACT_PATHS,
  ChangeRecord,
  MAX_ARTIFACT_BYTES,
  type ArtifactPath,
  type Lock,
  type LockFile,
  type LockSource,
} from './schemas.ts';
import { downloadBase } from './settings.ts';
import type { Admitted } from './types.ts';
import { validate } from './validate.ts';

type Entry = LockFile | LockSource;
/** Where to get files: a local mirror folder, or the download base. */
export type Origin = { readonly mirror: string } | { readonly base: string };

const isArtifact = (e: Entry): e is LockFile => 'blob' in e;
const destination = (root: string, e: Entry): string =>
  isArtifact(e) ? join(root, e.path) : sourceFile(root, e.commit, e.path);
const where = (origin: Origin, e: Pick<Entry, 'repository' | 'commit' | 'path'>) =>
  'mirror' in origin
    ? join(origin.mirror, e.repository, e.commit, e.path)
    : `${origin.base}${e.repository}/${e.commit}/${e.path}`;

/** A download of at most `cap` bytes; any failure is one refusal naming the file and the URL. */
export async function download(url: string, name: string, cap: number, timeoutMs = 20_000): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (e) {
    const failed = `a failed request (${(e as Error).message})`;
    throw new AdmissionError('presence', name, '', `a download from ${url}`, failed);
  }
  if (!res.ok) throw new AdmissionError('presence', name, '', `HTTP 200 from ${url}`, `HTTP ${res.status}`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for await (const chunk of res.body ?? []) {
      length += chunk.length;
      if (length > cap) throw new AdmissionError('digest', name, '', `at most ${cap} bytes from ${url}`, 'more');
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof AdmissionError) throw e;
    const cut = `a cut-off body (${(e as Error).message})`;
    throw new AdmissionError('presence', name, '', `the whole body from ${url}`, cut);
  }
  const out = new Uint8Array(length);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

/** One file of the audit at a commit, from `origin`, at most `cap` bytes. */
const fetchAt = (origin: Origin, e: Pick<Entry, 'repository' | 'commit' | 'path'>, cap: number) =>
  'mirror' in origin
    ? Promise.resolve(readCapped(where(origin, e), e.path, cap))
    : download(where(origin, e), e.path, cap);

/** The origin the settings name: the mirror when there is one, else the checked download base. */
export const originOf = (mirror: string | undefined): Origin => (mirror ? { mirror } : { base: downloadBase() });

/** Brings every lock entry missing from `root` in; `replace`: also one there with other bytes (else admission refuses it). */
export async function bringIn(
  root: string,
  lock: Lock,
  origin: Origin,
  replace = true,
): Promise<{ brought: number; present: number }> {
  let brought = 0;
  for (const e of [...lock.files, ...lock.sources]) {
    const dest = destination(root, e);
    try {
      await checkBytes(e, readCapped(dest, e.path, e.bytes));
      continue;
    } catch (err) {
      if (!(err instanceof AdmissionError)) throw err;
      if (!replace && !(err.check === 'presence' && err.found === 'nothing there')) continue;
    }
    const bytes = await checkBytes(e, await fetchAt(origin, e, e.bytes), where(origin, e));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, bytes);
    brought++;
  }
  return { brought, present: lock.files.length + lock.sources.length - brought };
}

/** A source file (the lock's `sources`) by path and commit, as brought in under `root`, checked against the lock. */
export async function readAuditSource(root: string, lock: Lock, path: string, commit: string): Promise<Uint8Array> {
  const e = lock.sources.find((s) => s.path === path && s.commit === commit);
  if (!e) throw new AdmissionError('lock', 'artifacts.lock.json', '/sources', `an entry for ${path}@${commit}`, 'none');
  return checkBytes(e, readCapped(destination(root, e), path, e.bytes));
}

/** `--prove`: every entry downloaded at its commit is the locked bytes; every change record recomputes equal. */
export async function proveLock(lock: Lock, lockFile: string): Promise<{ files: number; records: number }> {
  const origin = { base: downloadBase() };
  const docs = new Map<string, JsonValue>();
  const at = async (e: { path: ArtifactPath; commit: string; sha256: string }, repository: string) => {
    const key = `${e.path}@${e.commit}`;
    if (!docs.has(key)) {
      const bytes = await fetchAt(origin, { ...e, repository }, MAX_ARTIFACT_BYTES);
      const sha = await sha256Hex(bytes);
      if (sha !== e.sha256)
        throw new AdmissionError('revision', e.path, '', `sha256 ${e.sha256} at commit ${e.commit}`, `sha256 ${sha}`);
      docs.set(key, parseArtifact(e.path, bytes));
    }
    return docs.get(key)!;
  };
  for (const e of [...lock.files, ...lock.sources])
    await checkBytes(e, await fetchAt(origin, e, e.bytes), where(origin, e));
  const records = [...readHistory(lockFile)].sort(([a], [b]) => (a < b ? -1 : 1));
  const repository = (p: ArtifactPath) => lock.files.find((f) => f.path === p)!.repository;
  for (const [file, bytes] of records) {
    const r = validate(ChangeRecord, parseArtifact(file, bytes), file);
    const side = async (s: ChangeRecord['old']) => ({
      files: s.files,
      docs: Object.fromEntries(await Promise.all(s.files.map(async (f) => [f.path, await at(f, repository(f.path))]))),
    });
    const recomputed = await changedLeaves(await side(r.old), await side(r.new));
    const n = recomputed.findIndex((c, i) => JSON.stringify(c) !== JSON.stringify(r.changes[i]));
    if (n >= 0 || recomputed.length !== r.changes.length) {
      const i = n >= 0 ? n : Math.min(recomputed.length, r.changes.length);
      const want = `the change recomputed from both sides' bytes, ${JSON.stringify(recomputed[i] ?? null)}`;
      throw new AdmissionError('history', file, `/changes/${i}`, want, JSON.stringify(r.changes[i] ?? null));
    }
  }
  return { files: lock.files.length + lock.sources.length, records: records.length };
}

const COMMIT = /^[0-9a-f]{40}$/;
const ACCEPT = `40 lowercase hex; a path among ${ARTIFACT_PATHS.join(', ')}`;

/** `--accept <sha>` (all six files) or `--accept <path>=<sha>`, repeatable: the commit each file moves to. */
export function parseAccept(values: readonly string[]): Map<ArtifactPath, string> {
  const out = new Map<ArtifactPath, string>();
  for (const v of values) {
    const eq = v.lastIndexOf('=');
    const [path, sha] = eq < 0 ? [undefined, v] : [v.slice(0, eq), v.slice(eq + 1)];
    if (!COMMIT.test(sha) || (path !== undefined && !(ARTIFACT_PATHS as string[]).includes(path)))
      throw new AdmissionError('lock', '--accept', '', `<commit> or <path>=<commit> (${ACCEPT})`, JSON.stringify(v));
    for (const p of path === undefined ? ARTIFACT_PATHS : [path as ArtifactPath]) out.set(p, sha);
  }
  return out;
}

/** The lock's on-disk form. */
export const serialiseLock = (lock: Lock): string => JSON.stringify(lock, null, 2) + '\n';

const field = (doc: JsonValue | undefined, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    doc,
  );
const orOld = (v: unknown, old: string) => (typeof v === 'string' ? v : old);

/** `--accept`: the lock the files at the named commits call for, written with one change record once `verify` passes them. */
export async function acceptRevision(
  root: string,
  lockFile: string,
  commits: ReadonlyMap<ArtifactPath, string>,
  origin: Origin,
  verify: (lock: Lock, files: ReadonlyMap<string, Uint8Array>) => Promise<Admitted>,
  date = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
): Promise<{ lock: Lock; record?: string }> {
  const before = loadLock(lockFile);
  const fetched = new Map<ArtifactPath, Uint8Array>();
  const oldDocs = {} as Record<ArtifactPath, JsonValue>;
  const newDocs = {} as Record<ArtifactPath, JsonValue>;
  const files: LockFile[] = [];
  for (const f of before.files) {
    const old = await checkBytes(f, await fetchAt(origin, f, f.bytes), where(origin, f));
    oldDocs[f.path] = parseArtifact(f.path, old);
    const commit = commits.get(f.path) ?? f.commit;
    const bytes = commit === f.commit ? old : await fetchAt(origin, { ...f, commit }, MAX_ARTIFACT_BYTES);
    fetched.set(f.path, bytes);
    newDocs[f.path] = parseArtifact(f.path, bytes);
    files.push({ ...f, commit, bytes: bytes.length, sha256: await sha256Hex(bytes), blob: await gitBlobId(bytes) });
  }
  const splits = field(newDocs['index/spans.json'], 'splits') as JsonValue | undefined;
  const p = before.pins;
  const lock: Lock = {
    ...before,
    pins: {
      ...p,
      pinned_commit: orOld(field(newDocs['index/spans.json'], 'pinned_commit'), p.pinned_commit),
      scorer_sha256: orOld(field(newDocs['results/adversarial.json'], 'scorer_sha256'), p.scorer_sha256),
      index_sha256: splits === undefined ? p.index_sha256 : await indexDigest(splits),
      corpus_sha256: orOld(field(newDocs['results/datacheck.json'], 'corpus', 'sha256'), p.corpus_sha256),
    },
    files,
  };
  if ((await lockDigest(lock)) === (await lockDigest(before))) return { lock };
  await verify(lock, fetched);
  const sequence = readHistory(lockFile).size + 1;
  const record = await changeRecord(sequence, date, { lock: before, docs: oldDocs }, { lock, docs: newDocs });
  const recordPath = join(historyDir(lockFile), recordFileName(record));
  mkdirSync(dirname(recordPath), { recursive: true });
  writeFileSync(recordPath, JSON.stringify(record, null, 2) + '\n');
  writeFileSync(lockFile, serialiseLock(lock));
  for (const [path, bytes] of fetched) writeFileSync(join(root, path), bytes);
  return { lock, record: recordPath };
}

/** What every build does first (and `npm run prepare-artifacts`): bring in the files missing; one line when it did. */
export async function prepareArtifacts(): Promise<string[]> {
  const mirror = auditMirror();
  const { brought } = await bringIn(artifactsRoot(), loadLock(lockPath()), originOf(mirror), false);
  return brought ? [`brought in ${brought} file(s) from ${mirror ?? 'the download base'}`] : [];
}
