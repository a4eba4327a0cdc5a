/**
 * Bringing the artifacts in: from a local directory laid out like the audit
 * repository, or by download at the locked commits. Every file is checked against
 * the lock before it is written, so a bad byte never reaches results/ or index/.
 * `updateLock` is the one deliberate way to accept new bytes.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex, indexDigest } from './digest.ts';
import { AdmissionError } from './errors.ts';
import type { JsonValue } from './json.ts';
import { parseArtifact, readLocked } from './read.ts';
import { ARTIFACT_PATHS, INDEX_FED, RESULTS_FILES, type ArtifactPath, type Lock, type LockFile } from './schemas.ts';
import { loadLock } from './admit.ts';
import { commitStaged, loadHistory, stageRecord } from './change-history.ts';
import { changeRecord } from './leaf-diff.ts';
import { lockDigest } from './lock-digest.ts';

function writeAtomically(target: string, bytes: Uint8Array): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.incoming`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, target);
}

function checkAgainstLock(entry: LockFile, bytes: Uint8Array, origin: string): void {
  const sha = sha256Hex(bytes);
  if (bytes.length !== entry.bytes || sha !== entry.sha256) {
    throw new AdmissionError(
      'digest',
      entry.path,
      '',
      `${entry.bytes} bytes with sha256 ${entry.sha256}, as locked`,
      `${bytes.length} bytes with sha256 ${sha} from ${origin} (to accept these bytes deliberately, add --update-lock)`,
    );
  }
}

function readSource(from: string, path: ArtifactPath): Uint8Array {
  try {
    return readFileSync(join(from, path));
  } catch {
    throw new AdmissionError('presence', path, '', `the file ${join(from, path)} (a directory laid out like the audit repository)`, 'no such file');
  }
}

/** Copies the six files from `from` into `root`, each verified against the lock first. */
export function bringInFrom(from: string, root: string, lock: Lock): ArtifactPath[] {
  const incoming = ARTIFACT_PATHS.map((p) => [p, readSource(from, p)] as const);
  for (const [p, bytes] of incoming) checkAgainstLock(lock.files.find((f) => f.path === p)!, bytes, from);
  for (const [p, bytes] of incoming) writeAtomically(join(root, p), bytes);
  return [...ARTIFACT_PATHS];
}

/** Where files are downloaded from; overridable so tests can serve the layout from loopback. */
export function downloadUrl(entry: LockFile): string {
  const base = (process.env['AUDIT_DOWNLOAD_BASE'] ?? 'https://raw.githubusercontent.com/').replace(/\/?$/, '/');
  return `${base}${entry.repository}/${entry.commit}/${entry.path}`;
}

/** Downloads the six files at their locked commits, each verified against the lock before it is written. */
export async function bringInByDownload(root: string, lock: Lock, timeoutMs = 20_000): Promise<ArtifactPath[]> {
  const incoming: [ArtifactPath, Uint8Array][] = [];
  for (const entry of lock.files) {
    const url = downloadUrl(entry);
    let bytes: Uint8Array;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (e) {
      throw new AdmissionError('presence', entry.path, '', `a download from ${url}`, `a failed request (${(e as Error).message})`);
    }
    checkAgainstLock(entry, bytes, url);
    incoming.push([entry.path, bytes]);
  }
  for (const [p, bytes] of incoming) writeAtomically(join(root, p), bytes);
  return incoming.map(([p]) => p);
}

/** One line per lock value that changed, for the person accepting new bytes. */
function diffLock(before: Lock, after: Lock): string[] {
  const changes: string[] = [];
  for (const [k, v] of Object.entries(after.pins)) {
    const old = before.pins[k as keyof Lock['pins']];
    if (old !== v) changes.push(`pins.${k}: ${old} -> ${v}`);
  }
  for (const f of after.files) {
    const old = before.files.find((g) => g.path === f.path)!;
    for (const k of ['commit', 'bytes', 'sha256'] as const) {
      if (old[k] !== f[k]) changes.push(`${f.path} ${k}: ${old[k]} -> ${f[k]}`);
    }
  }
  return changes;
}

/** A value every source agrees on, or undefined when they disagree (the pin is then left as it was). */
function agreed(values: readonly unknown[]): string | undefined {
  const set = new Set(values);
  const [only] = set;
  return set.size === 1 && typeof only === 'string' ? only : undefined;
}

/**
 * Rewrites the lock from the files in `from`: sizes and digests always; each pin only
 * when every file that records it agrees on one value. A disagreement keeps the old pin,
 * so admission then names the file that disagrees.
 */
export interface UpdateOptions {
  /** The source commit of the new files: one for all, or per path; a file named by neither keeps its locked commit. */
  readonly commits?: { readonly all?: string; readonly byPath?: Partial<Record<ArtifactPath, string>> };
  /**
   * Write a change record (change-history.ts) beside the lock. `root` holds the currently
   * locked files, the old side of the comparison; `date` defaults to now.
   */
  readonly record?: { readonly root: string; readonly date?: string };
}

export function updateLock(from: string, lockPath: string, options: UpdateOptions = {}): { lock: Lock; changes: string[]; kept: string[]; record?: string } {
  const before = loadLock(lockPath);
  const kept: string[] = [];
  const files = before.files.map((f) => {
    const bytes = readSource(from, f.path);
    const commit = options.commits?.byPath?.[f.path] ?? options.commits?.all ?? f.commit;
    return { ...f, commit, bytes: bytes.length, sha256: sha256Hex(bytes) };
  });
  const parsed = (p: ArtifactPath): Record<string, JsonValue> => {
    try {
      const v = parseArtifact(p, readSource(from, p));
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
    } catch {
      return {};
    }
  };
  const docs = Object.fromEntries(ARTIFACT_PATHS.map((p) => [p, parsed(p)])) as Record<ArtifactPath, Record<string, JsonValue>>;
  const pins = { ...before.pins };
  const propose = (key: 'pinned_commit' | 'scorer_sha256' | 'index_sha256', values: unknown[]) => {
    const v = agreed(values);
    if (v === undefined) kept.push(`pins.${key}: the files disagree, kept ${pins[key]}`);
    else pins[key] = v;
  };
  propose('pinned_commit', ARTIFACT_PATHS.map((p) => docs[p]['pinned_commit']));
  propose('scorer_sha256', RESULTS_FILES.map((p) => docs[p]['scorer_sha256']));
  let computed: string | undefined;
  try {
    computed = indexDigest(docs['index/spans.json']['splits'] ?? null);
  } catch {
    computed = undefined;
  }
  propose('index_sha256', [computed, ...INDEX_FED.map((p) => docs[p]['index_sha256'])]);
  const corpus = docs['results/datacheck.json']['corpus'];
  const corpusSha = corpus && typeof corpus === 'object' && !Array.isArray(corpus) ? corpus['sha256'] : undefined;
  if (typeof corpusSha === 'string' && /^[0-9a-f]{64}$/.test(corpusSha)) pins.corpus_sha256 = corpusSha;

  const lock: Lock = { ...before, pins, files };
  // Verified and proposed; the record (if asked for) is staged before the lock is swapped in.
  const staged = options.record && lockDigest(lock) !== lockDigest(before) ? stageChange(lockPath, before, lock, options.record, from) : undefined;
  try {
    writeAtomically(lockPath, new TextEncoder().encode(serialiseLock(lock)));
  } catch (e) {
    if (staged) rmSync(staged.staged, { force: true });
    throw e;
  }
  if (staged) commitStaged(staged);
  return { lock, changes: diffLock(before, lock), kept, ...(staged ? { record: staged.target } : {}) };
}

/** Compares the locked files in `record.root` with the new ones in `from`, leaf by leaf, and stages the record. */
function stageChange(lockPath: string, before: Lock, after: Lock, record: NonNullable<UpdateOptions['record']>, from: string) {
  const history = loadHistory(lockPath, before);
  const docsOf = (read: (entry: LockFile) => Uint8Array, lock: Lock) =>
    Object.fromEntries(lock.files.map((f) => [f.path, parseArtifact(f.path, read(f))])) as Record<ArtifactPath, JsonValue>;
  const oldDocs = docsOf((entry) => {
    try {
      return readLocked(record.root, entry).bytes;
    } catch (e) {
      if (!(e instanceof AdmissionError)) throw e;
      throw new AdmissionError(e.check, entry.path, '', `the currently locked ${entry.path} in ${record.root}, to record what the new revision changes (bring it in first: npm run artifacts)`, e.found);
    }
  }, before);
  const newDocs = docsOf((entry) => readSource(from, entry.path), after);
  const date = record.date ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return stageRecord(lockPath, changeRecord(history.length + 1, date, { lock: before, docs: oldDocs }, { lock: after, docs: newDocs }));
}

/** The lock's on-disk form: one file per line, so a change reads as a one-line diff. */
export function serialiseLock(lock: Lock): string {
  const head = { ...(lock.$comment === undefined ? {} : { $comment: lock.$comment }), pins: lock.pins };
  const body = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const files = lock.files.map((f) => `    ${JSON.stringify(f).replaceAll('":', '": ').replaceAll(',"', ', "').replace(/^\{/, '{ ').replace(/\}$/, ' }')}`);
  return `${body},\n  "files": [\n${files.join(',\n')}\n  ]\n}\n`;
}

/** True when any of the six files is missing under `root`. */
export function anyMissing(root: string): boolean {
  return ARTIFACT_PATHS.some((p) => {
    try {
      readFileSync(join(root, p));
      return false;
    } catch {
      return true;
    }
  });
}

