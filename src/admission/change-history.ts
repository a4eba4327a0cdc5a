/**
 * The change records: one JSON file per accepted audit revision, in audit-changes/
 * beside the lock, committed with it. Admission reads them as it reads the lock:
 * each must match its schema, and together they must form one chain (each record
 * starts where the one before ended) that ends at the lock being admitted, whose
 * `history` names how many records there are and one digest over all of them, so none
 * can be deleted, truncated, squashed, edited or reordered. The newest record's new values must
 * be the admitted files' own (checkNewestAgainstFiles). What needs the old bytes (the
 * changes recomputed from both sides) is proved online (prove-history.ts). Anything else
 * is refused, naming the record and the place.
 */
import { FileRefusal, readRegularFile } from './files.ts';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HISTORY_DIR, historyDir } from './paths.ts';
import { AdmissionError, describe } from './errors.ts';
import { sha256Hex } from './digest.ts';
import type { JsonValue } from './json.ts';
import { leaves } from './leaf-diff.ts';
import { lockDigest, shortDigest } from './lock-digest.ts';
import { parseArtifact } from './read.ts';
import { ChangeRecord, type ArtifactPath, type Lock } from './schemas.ts';
import { validate } from './validate.ts';
import type { AdmittedRecord } from './types.ts';

export type { AdmittedRecord } from './types.ts';

const NAME = /^(\d{4})-(\d{4}-\d{2}-\d{2})-([0-9a-f]{12})\.json$/;

export function recordFileName(r: ChangeRecord): string {
  return `${String(r.sequence).padStart(4, '0')}-${r.date.slice(0, 10)}-${shortDigest(r.new.lock_digest)}.json`;
}

const sameFiles = (a: ChangeRecord['old']['files'], b: ChangeRecord['old']['files']) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The records, oldest first, checked against each other and against `lock`; empty when none was ever written. */
export function loadHistory(lockPath: string, lock: Lock): AdmittedRecord[] {
  const records = readChain(lockPath, lock);
  checkHead(basename(lockPath), lock, records);
  return records.map(({ file, record }) => ({ file, record }));
}

/**
 * The head of the chain as the lock records it: how many records, and one SHA-256 over the
 * SHA-256 of every record's bytes in order, so no record can be edited, dropped or moved.
 */
export const historyHead = (recordDigests: readonly string[]): NonNullable<Lock['history']> => ({
  records: recordDigests.length,
  head: sha256Hex(recordDigests.join('\n')),
});

function checkHead(
  lockFile: string,
  lock: Lock,
  records: readonly (AdmittedRecord & { readonly sha256: string })[],
): void {
  const newest = records.at(-1);
  const found = lock.history;
  if (!newest) {
    if (found)
      throw new AdmissionError(
        'history',
        lockFile,
        '/history',
        `the ${found.records} change record(s) in ${HISTORY_DIR}/ the lock names, the newest with SHA-256 ${found.head}`,
        `no record in ${HISTORY_DIR}/: records were deleted`,
      );
    return;
  }
  const expected = historyHead(records.map((r) => r.sha256));
  if (!found || found.records !== expected.records || found.head !== expected.head) {
    throw new AdmissionError(
      'history',
      lockFile,
      '/history',
      `the head of the change records the lock was written with, here ${JSON.stringify(found ?? null)}`,
      `${records.length} record(s), the newest ${newest.file}, whose head is ${expected.head}: a record was deleted, added, squashed or edited by hand`,
    );
  }
}

/** The newest record's new values are the admitted files' own: a changed leaf it names is what the file holds now. */
export function checkNewestAgainstFiles(
  history: readonly AdmittedRecord[],
  docs: Readonly<Record<ArtifactPath, JsonValue>>,
): number {
  const newest = history.at(-1);
  if (!newest) return 0;
  const byFile = new Map<ArtifactPath, ReturnType<typeof leaves>>();
  newest.record.changes.forEach((c, i) => {
    let now = byFile.get(c.file);
    if (!now) byFile.set(c.file, (now = leaves(docs[c.file])));
    const held = now.get(c.pointer) ?? null;
    if (JSON.stringify(held) !== JSON.stringify(c.new)) {
      throw new AdmissionError(
        'history',
        newest.file,
        `/changes/${i}/new`,
        `${c.file} at ${c.pointer} as the admitted file holds it, ${JSON.stringify(held)}`,
        JSON.stringify(c.new),
      );
    }
  });
  return newest.record.changes.length;
}

function readChain(lockPath: string, lock: Lock): (AdmittedRecord & { readonly sha256: string })[] {
  const dir = historyDir(lockPath);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).sort();
  const out: (AdmittedRecord & { readonly sha256: string })[] = [];
  for (const name of names) {
    const file = `${HISTORY_DIR}/${name}`;
    const m = NAME.exec(name);
    if (!m)
      throw new AdmissionError(
        'history',
        file,
        '',
        'only change records named NNNN-YYYY-MM-DD-<first 12 hex of the new lock digest>.json in this folder',
        'another file',
      );
    let bytes: Uint8Array;
    try {
      bytes = readRegularFile(join(dir, name), { within: dir });
    } catch (e) {
      if (!(e instanceof FileRefusal)) throw e;
      throw new AdmissionError('history', file, '', 'a regular file inside audit-changes/', e.found);
    }
    const record = validate(ChangeRecord, parseArtifact(file, bytes), file);
    const expectName = recordFileName(record);
    if (name !== expectName)
      throw new AdmissionError(
        'history',
        file,
        '',
        `the name ${expectName}, from the record's sequence, date and new lock digest`,
        `the name ${name}`,
      );
    const previous = out.at(-1)?.record;
    if (record.sequence !== out.length + 1)
      throw new AdmissionError(
        'history',
        file,
        '/sequence',
        `${out.length + 1} (records are numbered from 1 without gaps)`,
        describe(record.sequence),
      );
    if (record.old.lock_digest === record.new.lock_digest)
      throw new AdmissionError(
        'history',
        file,
        '/new/lock_digest',
        'a digest other than the old one (a record is written only when the lock changes)',
        record.new.lock_digest,
      );
    if (previous) {
      if (record.old.lock_digest !== previous.new.lock_digest || !sameFiles(record.old.files, previous.new.files)) {
        throw new AdmissionError(
          'history',
          file,
          '/old',
          `the revision the record before it ended at (lock digest ${previous.new.lock_digest})`,
          `lock digest ${record.old.lock_digest}`,
        );
      }
      if (record.date < previous.date)
        throw new AdmissionError(
          'history',
          file,
          '/date',
          `a date no earlier than ${previous.date}, the record before it`,
          record.date,
        );
    }
    for (const [i, c] of record.changes.entries()) {
      const sha = (side: ChangeRecord['old']) => side.files.find((f) => f.path === c.file)?.sha256;
      if (sha(record.old) === sha(record.new))
        throw new AdmissionError(
          'history',
          file,
          `/changes/${i}/file`,
          `a file whose bytes changed in this record`,
          `${c.file}, whose sha256 is the same on both sides`,
        );
    }
    out.push({ file, record, sha256: sha256Hex(bytes) });
  }
  const newest = out.at(-1);
  if (newest) {
    const digest = lockDigest(lock);
    const lockFiles = newest.record.new.files.map((f) => lock.files.find((g) => g.path === f.path));
    const matches = newest.record.new.files.every(
      (f, i) => lockFiles[i]?.commit === f.commit && lockFiles[i]?.sha256 === f.sha256,
    );
    if (newest.record.new.lock_digest !== digest || !matches) {
      throw new AdmissionError(
        'history',
        newest.file,
        '/new/lock_digest',
        `the digest of the lock being admitted, ${digest} (the newest record must end where the lock is)`,
        `${newest.record.new.lock_digest}: the lock was changed without \`npm run artifacts -- --from <dir> --update-lock\``,
      );
    }
  }
  return out;
}

/** Writes a record into the history folder by way of a staged file, so no half-written record is ever read. */
export function stageRecord(lockPath: string, record: ChangeRecord): { staged: string; target: string } {
  const dir = historyDir(lockPath);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, recordFileName(record));
  const staged = join(dir, `.${recordFileName(record)}.incoming`);
  writeFileSync(staged, serialiseRecord(record));
  return { staged, target };
}

/** A record's on-disk form. */
export function serialiseRecord(record: ChangeRecord): string {
  return JSON.stringify({ $comment: RECORD_COMMENT, ...record }, null, 2) + '\n';
}

export const commitStaged = ({ staged, target }: { staged: string; target: string }) => renameSync(staged, target);

const RECORD_COMMENT =
  'Written by `npm run artifacts -- --from <dir> --update-lock` when it accepted a new audit revision; committed with the lock. Strings are recorded by the SHA-256 of their UTF-8 bytes, never by their text.';
