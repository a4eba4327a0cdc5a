/**
 * Bringing the artifacts in: from a local folder laid out like the audit repository,
 * or by download at the locked commits. Only regular files inside the folder are read
 * (files.ts). Every file is staged, the staged set is admitted as a whole, and only
 * then swapped into results/ and index/ (staging.ts): a refused or interrupted run
 * leaves them exactly as they were. `updateLock` is the one deliberate way to accept
 * new bytes; it credits each file to the commit that truly holds it.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { admit, loadLock, type AdmitOptions } from './admit.ts';
import { sha256Hex, indexDigest } from './digest.ts';
import { AdmissionError } from './errors.ts';
import { FileRefusal, readRegularFile } from './files.ts';
import { commitHolding } from './git-source.ts';
import { proofKey, proveCredit, type DownloadProofs, type Fetched } from './commit-proof.ts';
import { historyHead, loadHistory, recordFileName, serialiseRecord } from './change-history.ts';
import { HISTORY_DIR, historyDir } from './paths.ts';
import { changeRecord } from './leaf-diff.ts';
import { lockDigest } from './lock-digest.ts';
import type { JsonValue } from './json.ts';
import { parseArtifact, readLocked } from './read.ts';
import {
  ARTIFACT_PATHS,
  INDEX_FED,
  MAX_ARTIFACT_BYTES,
  RESULTS_FILES,
  type ArtifactPath,
  type Lock,
  type LockFile,
} from './schemas.ts';
import { downloadBase, downloadUrl } from './settings.ts';
import { recoverInterrupted, Staging } from './staging.ts';
import type { Admitted } from './types.ts';

/**
 * How a staged set is verified before it is swapped in: admission by default; the
 * commands pass the whole pipeline's check (admission and re-derivation, src/audit),
 * so nothing our recomputation refuses is ever moved in.
 */
export type Verify<A extends Admitted> = (options: AdmitOptions) => A;

function checkAgainstLock(entry: LockFile, bytes: Uint8Array, origin: string): void {
  const sha = sha256Hex(bytes);
  if (bytes.length !== entry.bytes || sha !== entry.sha256) {
    throw new AdmissionError(
      'digest',
      entry.path,
      '',
      `${entry.bytes} bytes with sha256 ${entry.sha256}, as locked`,
      `${bytes.length} bytes with sha256 ${sha} from ${origin} (if ${origin} is a new revision of the audit, accept it deliberately with --update-lock)`,
    );
  }
}

/** Reads one source file: a regular file inside `from`, or one refusal saying what it is instead. */
function readSource(from: string, path: ArtifactPath): Uint8Array {
  try {
    return readRegularFile(join(from, path), { within: from });
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    throw new AdmissionError(
      'presence',
      path,
      '',
      `a regular file at ${join(from, path)}, inside ${from} (a folder laid out like the audit repository)`,
      e.found,
    );
  }
}

/** Stages `files` under `root`, admits the staged set against `lockPath`, and swaps it in; or changes nothing. */
function stageAdmitSwap<A extends Admitted>(
  root: string,
  files: ReadonlyMap<ArtifactPath, Uint8Array>,
  lockPath: string,
  verify: Verify<A>,
): A {
  recoverInterrupted(root, lockPath);
  const staging = new Staging(root, lockPath);
  try {
    for (const [p, bytes] of files) staging.stage(p, bytes, join(root, p));
    const audit = verify({ root: staging.dir, lockPath });
    staging.commit();
    return audit;
  } finally {
    // After commit() this finds nothing left; after a refusal it drops the staged bytes.
    staging.discard();
  }
}

/** Copies the six files from `from` into `root`, all verified against the lock and admitted before any is moved in. */
export function bringInFrom<A extends Admitted = Admitted>(
  from: string,
  root: string,
  lock: Lock,
  lockPath: string,
  verify: Verify<A> = admit as Verify<A>,
): A {
  const files = new Map<ArtifactPath, Uint8Array>();
  for (const p of ARTIFACT_PATHS) files.set(p, readSource(from, p));
  for (const [p, bytes] of files)
    checkAgainstLock(
      lock.files.find((f) => f.path === p)!,
      bytes,
      from,
    );
  return stageAdmitSwap(root, files, lockPath, verify);
}

async function download(url: string, timeoutMs: number): Promise<Uint8Array> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_ARTIFACT_BYTES)
    throw new Error(`${declared} bytes announced, over the limit of ${MAX_ARTIFACT_BYTES}`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of res.body ?? []) {
    length += chunk.length;
    if (length > MAX_ARTIFACT_BYTES) throw new Error(`more than ${MAX_ARTIFACT_BYTES} bytes, over the limit`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, length));
}

/** Downloads the six files at their locked commits; all verified and admitted before any is moved in. */
export async function bringInByDownload<A extends Admitted = Admitted>(
  root: string,
  lock: Lock,
  lockPath: string,
  verify: Verify<A> = admit as Verify<A>,
  timeoutMs = 20_000,
): Promise<A> {
  const files = new Map<ArtifactPath, Uint8Array>();
  for (const entry of lock.files) {
    const url = downloadUrl(entry);
    let bytes: Uint8Array;
    try {
      bytes = await download(url, timeoutMs);
    } catch (e) {
      throw new AdmissionError(
        'presence',
        entry.path,
        '',
        `a download from ${url}`,
        `a failed request (${(e as Error).message})`,
      );
    }
    checkAgainstLock(entry, bytes, url);
    files.set(entry.path, bytes);
  }
  return stageAdmitSwap(root, files, lockPath, verify);
}

// ---- accepting a new revision -----------------------------------------------------

/** One lock field that changed, for the printout and for a change record. */
export interface LockChange {
  /** `pins.<key>`, `$comment`, or `<file path> <key>`. */
  readonly field: string;
  readonly from: string | number | undefined;
  readonly to: string | number | undefined;
}

/** Every lock field that differs, pins and files alike, commits and repositories included. */
export function diffLock(before: Lock, after: Lock): LockChange[] {
  const changes: LockChange[] = [];
  if (before.$comment !== after.$comment)
    changes.push({ field: '$comment', from: before.$comment, to: after.$comment });
  for (const k of Object.keys(after.pins) as (keyof Lock['pins'])[]) {
    if (before.pins[k] !== after.pins[k]) changes.push({ field: `pins.${k}`, from: before.pins[k], to: after.pins[k] });
  }
  for (const f of after.files) {
    const old = before.files.find((g) => g.path === f.path)!;
    for (const k of ['repository', 'commit', 'bytes', 'sha256'] as const) {
      if (old[k] !== f[k]) changes.push({ field: `${f.path} ${k}`, from: old[k], to: f[k] });
    }
  }
  return changes;
}

export const formatChange = (c: LockChange): string => `${c.field}: ${c.from} -> ${c.to}`;

/** `--commit SHA` (every file) and `--commit PATH=SHA` (one file). */
export interface SourceCommits {
  readonly all?: string;
  readonly byPath?: Readonly<Partial<Record<ArtifactPath, string>>>;
}

const COMMIT = /^[0-9a-f]{40}$/;

/** Parses the repeated `--commit` option; throws one AdmissionError naming the bad value. */
export function parseCommitOptions(values: readonly string[]): SourceCommits {
  let all: string | undefined;
  const byPath: Partial<Record<ArtifactPath, string>> = {};
  for (const v of values) {
    const eq = v.lastIndexOf('=');
    const [path, sha] = eq < 0 ? [undefined, v] : [v.slice(0, eq), v.slice(eq + 1)];
    if (!COMMIT.test(sha))
      throw new AdmissionError(
        'lock',
        '--commit',
        '',
        'a commit of 40 lowercase hex characters (--commit SHA or --commit PATH=SHA)',
        JSON.stringify(v),
      );
    if (path === undefined) {
      if (all !== undefined && all !== sha)
        throw new AdmissionError('lock', '--commit', '', 'one commit for all files', `${all} and ${sha}`);
      all = sha;
    } else {
      if (!(ARTIFACT_PATHS as readonly string[]).includes(path))
        throw new AdmissionError(
          'lock',
          '--commit',
          '',
          `a path the lock names (${ARTIFACT_PATHS.join(', ')})`,
          JSON.stringify(path),
        );
      byPath[path as ArtifactPath] = sha;
    }
  }
  return all === undefined ? { byPath } : { all, byPath };
}

/**
 * The commit to record for one accepted file. Bytes the lock already holds keep the commit
 * already credited (it was proven when they were accepted), unless --commit names one for
 * this very path. Otherwise: the commit named for it, else the one named for all, else the
 * one a clean git checkout given to --from says last changed the file; whichever it is, it
 * is credited only with proof that the locked repository holds these bytes there
 * (commit-proof.ts). Without proof the file is refused: the lock never credits bytes to a
 * commit that was not shown to hold them.
 */
function sourceCommit(
  from: string,
  old: LockFile,
  bytes: Uint8Array,
  commits: SourceCommits,
  proofs: DownloadProofs,
): string {
  const perPath = commits.byPath?.[old.path];
  if (perPath === undefined && sha256Hex(bytes) === old.sha256 && bytes.length === old.bytes) return old.commit;
  let commit = perPath ?? commits.all;
  if (commit === undefined) {
    const answer = commitHolding(from, old.path, bytes);
    if (!('commit' in answer)) {
      throw new AdmissionError(
        'lock',
        old.path,
        '',
        `the commit that holds its new bytes: give --from a clean git checkout of the audit, or name it with --commit ${old.path}=<sha>`,
        `new bytes whose commit cannot be known (${answer.problem})`,
      );
    }
    commit = answer.commit;
  }
  const proof = proveCredit(from, old.repository, commit, old.path, bytes, proofs);
  if (!proof.proven) {
    throw new AdmissionError(
      'lock',
      old.path,
      '',
      `proof that ${old.repository} holds these bytes at commit ${commit}: a download of the file at that commit, or a git checkout whose origin is that repository and which fetched the commit from it`,
      proof.why,
    );
  }
  return commit;
}

/** The credits --update-lock will have to prove: each file whose bytes changed or that --commit names, at the commit named for it. */
export function creditsToProve(
  from: string,
  lock: Lock,
  commits: SourceCommits,
): { path: ArtifactPath; repository: string; commit: string }[] {
  return lock.files.flatMap((f) => {
    const perPath = commits.byPath?.[f.path];
    const commit = perPath ?? commits.all;
    if (commit === undefined) return [];
    let bytes: Uint8Array;
    try {
      bytes = readSource(from, f.path);
    } catch {
      return [];
    }
    const unchanged = sha256Hex(bytes) === f.sha256 && bytes.length === f.bytes;
    return unchanged && perPath === undefined ? [] : [{ path: f.path, repository: f.repository, commit }];
  });
}

/** One file of `repository` at `commit`, through the checked download base. */
export const downloadAt = (repository: string, commit: string, path: ArtifactPath, timeoutMs = 20_000) =>
  download(`${downloadBase()}${repository}/${commit}/${path}`, timeoutMs);

/** Downloads each file at the commit a credit names, for its proof; a failure is kept as the reason, never thrown. */
export async function fetchProofs(
  credits: readonly { path: ArtifactPath; repository: string; commit: string }[],
  timeoutMs = 20_000,
): Promise<DownloadProofs> {
  const out = new Map<string, Fetched>();
  for (const c of credits) {
    const url = `${downloadBase()}${c.repository}/${c.commit}/${c.path}`;
    try {
      out.set(proofKey(c.path, c.commit), {
        sha256: sha256Hex(await downloadAt(c.repository, c.commit, c.path, timeoutMs)),
      });
    } catch (e) {
      out.set(proofKey(c.path, c.commit), { failed: `${url}: ${(e as Error).message}` });
    }
  }
  return out;
}

/** A value every source agrees on, or undefined when they disagree (the pin is then left as it was). */
function agreed(values: readonly unknown[]): string | undefined {
  const set = new Set(values);
  const [only] = set;
  return set.size === 1 && typeof only === 'string' ? only : undefined;
}

function objectAt(v: JsonValue | undefined): Record<string, JsonValue> {
  return v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : {};
}

/**
 * The lock the files in `sources` call for: sizes, digests and source commits always;
 * each pin only when every file that records it agrees on one value. A disagreement
 * keeps the old pin, so admission then names the file that disagrees.
 */
export function proposeLock(
  before: Lock,
  sources: ReadonlyMap<ArtifactPath, Uint8Array>,
  commitOf: (old: LockFile, bytes: Uint8Array) => string,
): { lock: Lock; kept: string[] } {
  const kept: string[] = [];
  const files = before.files.map((f) => {
    const bytes = sources.get(f.path)!;
    return { ...f, commit: commitOf(f, bytes), bytes: bytes.length, sha256: sha256Hex(bytes) };
  });
  const docs = new Map<ArtifactPath, Record<string, JsonValue>>();
  for (const p of ARTIFACT_PATHS) {
    try {
      docs.set(p, objectAt(parseArtifact(p, sources.get(p)!)));
    } catch {
      docs.set(p, {});
    }
  }
  const doc = (p: ArtifactPath) => docs.get(p)!;
  const pins = { ...before.pins };
  const propose = (key: 'pinned_commit' | 'scorer_sha256' | 'index_sha256', values: unknown[]) => {
    const v = agreed(values);
    if (v === undefined) kept.push(`pins.${key}: the files disagree, kept ${pins[key]}`);
    else pins[key] = v;
  };
  propose(
    'pinned_commit',
    ARTIFACT_PATHS.map((p) => doc(p)['pinned_commit']),
  );
  propose(
    'scorer_sha256',
    RESULTS_FILES.map((p) => doc(p)['scorer_sha256']),
  );
  let computed: string | undefined;
  try {
    computed = indexDigest(doc('index/spans.json')['splits'] ?? null);
  } catch {
    computed = undefined;
  }
  propose('index_sha256', [computed, ...INDEX_FED.map((p) => doc(p)['index_sha256'])]);
  const corpusSha = objectAt(doc('results/datacheck.json')['corpus'])['sha256'];
  if (typeof corpusSha === 'string' && /^[0-9a-f]{64}$/.test(corpusSha)) pins.corpus_sha256 = corpusSha;
  return { lock: { ...before, pins, files }, kept };
}

export interface UpdateOptions {
  /** Where results/ and index/ live (default: `record.root`, else the lock's folder). */
  readonly root?: string;
  readonly commits?: SourceCommits;
  /** Downloads made beforehand (fetchProofs) that prove a credited commit holds a file's bytes. */
  readonly proofs?: DownloadProofs;
  /**
   * Write a change record (change-history.ts) beside the lock. `root` holds the currently
   * locked files, the old side of the comparison; `date` defaults to now.
   */
  readonly record?: { readonly root: string; readonly date?: string };
  /** How the staged set is verified (default: admission). */
  readonly verify?: Verify<Admitted>;
}

/** The change record for `before` -> `after`: the currently locked files in `record.root` against the new ones. */
function changeRecordFor(
  lockPath: string,
  before: Lock,
  after: Lock,
  record: NonNullable<UpdateOptions['record']>,
  sources: ReadonlyMap<ArtifactPath, Uint8Array>,
) {
  const history = loadHistory(lockPath, before);
  const docsOf = (read: (entry: LockFile) => Uint8Array, lock: Lock) =>
    Object.fromEntries(lock.files.map((f) => [f.path, parseArtifact(f.path, read(f))])) as Record<
      ArtifactPath,
      JsonValue
    >;
  const oldDocs = docsOf((entry) => {
    try {
      return readLocked(record.root, entry).bytes;
    } catch (e) {
      if (!(e instanceof AdmissionError)) throw e;
      throw new AdmissionError(
        e.check,
        entry.path,
        '',
        `the currently locked ${entry.path} in ${record.root}, to record what the new revision changes (bring it in first: npm run artifacts)`,
        e.found,
      );
    }
  }, before);
  const newDocs = docsOf((entry) => sources.get(entry.path)!, after);
  const date = record.date ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return changeRecord(history.length + 1, date, { lock: before, docs: oldDocs }, { lock: after, docs: newDocs });
}

/**
 * `--update-lock`: reads the six files in `from`, credits each to its true source
 * commit, stages them with the lock they call for and (when asked) the change record,
 * admits the staged whole (the record's chain included), and only then swaps files,
 * lock and record into place together. A refusal or an interruption changes nothing.
 */
export function updateLock(
  from: string,
  lockPath: string,
  options: UpdateOptions = {},
): { lock: Lock; changes: string[]; fields: LockChange[]; kept: string[]; audit: Admitted; record?: string } {
  const root = options.root ?? options.record?.root ?? join(lockPath, '..');
  const same = (() => {
    try {
      return realpathSync(from) === realpathSync(root);
    } catch {
      return false;
    }
  })();
  if (same) {
    throw new AdmissionError(
      'lock',
      from,
      '',
      '--from naming a checkout of the audit, not the folder the artifacts are brought into',
      `${from}, whose bytes are whatever was last brought in (and nothing says which commit holds them)`,
    );
  }
  const before = loadLock(lockPath);
  const sources = new Map<ArtifactPath, Uint8Array>();
  for (const p of ARTIFACT_PATHS) sources.set(p, readSource(from, p));
  const commits = options.commits ?? {};
  const proofs = options.proofs ?? new Map();
  const proposed = proposeLock(before, sources, (old, bytes) => sourceCommit(from, old, bytes, commits, proofs));
  let lock = proposed.lock;
  const kept = proposed.kept;
  const fields = diffLock(before, lock);
  const changes = fields.map(formatChange);

  recoverInterrupted(root, lockPath);
  const staging = new Staging(root, lockPath);
  try {
    for (const [p, bytes] of sources) staging.stage(p, bytes, join(root, p));
    // The history beside the staged lock, so admission checks the chain the swap will leave:
    // the existing records as they are (checked, not moved), then the new one (moved in).
    const digests: string[] = [];
    for (const name of historyNames(lockPath)) {
      const bytes = readRegularFile(join(historyDir(lockPath), name), { maxBytes: MAX_ARTIFACT_BYTES });
      digests.push(sha256Hex(bytes));
      staging.stage(`${HISTORY_DIR}/${name}`, bytes);
    }
    let record: string | undefined;
    if (options.record && lockDigest(lock) !== lockDigest(before)) {
      const r = changeRecordFor(lockPath, before, lock, options.record, sources);
      const text = serialiseRecord(r);
      record = join(historyDir(lockPath), recordFileName(r));
      staging.stage(`${HISTORY_DIR}/${recordFileName(r)}`, text, record);
      // The lock names the new head of the chain, so no record can later be edited or go missing unnoticed.
      lock = { ...lock, history: historyHead([...digests, sha256Hex(text)]) };
    }
    const stagedLock = staging.stage('artifacts.lock.json', serialiseLock(lock), lockPath);
    let audit: Admitted;
    try {
      audit = (options.verify ?? admit)({ root: staging.dir, lockPath: stagedLock });
    } catch (e) {
      if (e instanceof AdmissionError && kept.length) {
        throw new AdmissionError(e.check, e.file, e.pointer, e.expected, `${e.found} (${kept.join('; ')})`);
      }
      throw e;
    }
    staging.commit();
    return { lock, changes, fields, kept, audit, ...(record ? { record } : {}) };
  } finally {
    staging.discard();
  }
}

function historyNames(lockPath: string): string[] {
  try {
    return readdirSync(historyDir(lockPath)).sort();
  } catch {
    return [];
  }
}

/** The lock's on-disk form: one file per line, so a change reads as a one-line diff. */
export function serialiseLock(lock: Lock): string {
  const head = { ...(lock.$comment === undefined ? {} : { $comment: lock.$comment }), pins: lock.pins };
  const body = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const inline = (v: object) =>
    JSON.stringify(v).replaceAll('":', '": ').replaceAll(',"', ', "').replace(/^\{/, '{ ').replace(/\}$/, ' }');
  const files = lock.files.map((f) => `    ${inline(f)}`);
  const history = lock.history ? `,\n  "history": ${inline(lock.history)}` : '';
  return `${body},\n  "files": [\n${files.join(',\n')}\n  ]${history}\n}\n`;
}
