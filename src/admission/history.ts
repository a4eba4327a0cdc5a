/**
 * The change records: one JSON file per accepted audit revision in audit-changes/,
 * committed with the lock (git keeps their history). Offline, each must match its
 * schema and its name, the records must follow on from each other, the newest must end
 * at the lock being admitted, and the leaves it says changed must be what the files
 * hold. `--prove` recomputes every record from the bytes at its commits.
 */
import { AdmissionError } from './errors.ts';
import { leaves } from './leaf-diff.ts';
import { lockDigest, shortDigest } from './lock-digest.ts';
import { parseArtifact, type JsonValue } from './parse.ts';
import { ChangeRecord, type ArtifactPath, type Lock } from './schemas.ts';
import type { AdmittedRecord } from './types.ts';
import { validate } from './validate.ts';

export const HISTORY_DIR = 'audit-changes';

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
    if (previous && record.old.lock_digest !== previous.new.lock_digest)
      throw new AdmissionError(
        'history',
        file,
        '/old/lock_digest',
        `${previous.new.lock_digest}, where the record before it ended`,
        record.old.lock_digest,
      );
    out.push({ file, record });
  }
  const newest = out.at(-1);
  if (!newest) return out;
  const digest = await lockDigest(lock);
  if (newest.record.new.lock_digest !== digest)
    throw new AdmissionError(
      'history',
      newest.file,
      '/new/lock_digest',
      `${digest}, the lock's own (the lock changes only with \`npm run artifacts -- --accept\`)`,
      newest.record.new.lock_digest,
    );
  const now = new Map<ArtifactPath, Map<string, unknown>>();
  for (const [i, c] of newest.record.changes.entries()) {
    if (!now.has(c.file)) now.set(c.file, await leaves(docs[c.file]));
    const held = now.get(c.file)!.get(c.pointer) ?? null;
    if (JSON.stringify(held) !== JSON.stringify(c.new))
      throw new AdmissionError(
        'history',
        newest.file,
        `/changes/${i}/new`,
        `${c.file} at ${c.pointer} as the file holds it, ${JSON.stringify(held)}`,
        JSON.stringify(c.new),
      );
  }
  return out;
}
