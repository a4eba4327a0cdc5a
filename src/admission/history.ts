/**
 * The change records in audit-changes/, one per accepted revision: each matches its schema and name,
 * follows on from the one before, the newest ends at this lock and its new leaves are what the files hold.
 */
import { AdmissionError } from './errors.ts';
import { leaves } from './leaf-diff.ts';
import { lockDigest, shortDigest } from './lock-digest.ts';
import { parseArtifact, type JsonValue } from './parse.ts';
import { ChangeRecord, type ArtifactPath, type Lock } from './schemas.ts';
import type { AdmittedRecord } from './types.ts';
import { validate } from './validate.ts';

export const HISTORY_DIR = 'audit-changes';
const ENDED = 'where the record before it ended';
const OWN = "the lock's own (the lock changes only with `npm run artifacts -- --accept`)";

export const recordFileName = (r: ChangeRecord): string =>
  `${String(r.sequence).padStart(4, '0')}-${r.date.slice(0, 10)}-${shortDigest(r.new.lock_digest)}.json`;

/** The records among `files` (keys `audit-changes/<name>`), oldest first, checked as above. */
export async function admitHistory(
  lock: Lock,
  files: ReadonlyMap<string, Uint8Array>,
  docs: Readonly<Record<ArtifactPath, JsonValue>>,
): Promise<AdmittedRecord[]> {
  const names = [...files.keys()].filter((k) => k.startsWith(`${HISTORY_DIR}/`)).sort();
  const out: AdmittedRecord[] = [];
  for (const file of names) {
    const record = validate(ChangeRecord, parseArtifact(file, files.get(file)!), file);
    const expected = `${HISTORY_DIR}/${recordFileName(record)}`;
    if (file !== expected) throw new AdmissionError('history', file, '', `the name ${expected}`, `the name ${file}`);
    const previous = out.at(-1)?.record;
    if (record.sequence !== out.length + 1)
      throw new AdmissionError('history', file, '/sequence', `${out.length + 1}`, `${record.sequence}`);
    const found = record.old.lock_digest;
    if (previous && found !== previous.new.lock_digest)
      throw new AdmissionError('history', file, '/old/lock_digest', `${previous.new.lock_digest}, ${ENDED}`, found);
    out.push({ file, record });
  }
  const newest = out.at(-1);
  if (!newest) return out;
  const digest = await lockDigest(lock);
  const ends = newest.record.new.lock_digest;
  if (ends !== digest) throw new AdmissionError('history', newest.file, '/new/lock_digest', `${digest}, ${OWN}`, ends);
  const now = new Map<ArtifactPath, Map<string, unknown>>();
  for (const [i, c] of newest.record.changes.entries()) {
    if (!now.has(c.file)) now.set(c.file, await leaves(docs[c.file]));
    const held = now.get(c.file)!.get(c.pointer) ?? null;
    const want = `${c.file} at ${c.pointer} as the file holds it, ${JSON.stringify(held)}`;
    if (JSON.stringify(held) !== JSON.stringify(c.new))
      throw new AdmissionError('history', newest.file, `/changes/${i}/new`, want, JSON.stringify(c.new));
  }
  return out;
}
