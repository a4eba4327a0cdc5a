/**
 * A synthetic copy of the artifacts whose span index is `factor` times larger:
 * every trace repeated with fresh identifiers, and every leaf that depends on the
 * index updated with the site's own code, so the copy is admitted as a whole.
 * The lock is rewritten in the copy only.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pythonCanonicalJson } from '../../src/admission/digest.ts';
import type { JsonValue } from '../../src/admission/parse.ts';
import { ARTIFACT_PATHS, Adversarial, Catf1, Datacheck, Normaliser, SpanIndex } from '../../src/admission/schemas.ts';
import type * as z from 'zod/mini';
import { serialiseLock } from '../../src/admission/bring-in.ts';
import { loadLock } from '../../src/admission/load.ts';
import { roundPython } from '../../src/core/python-round.ts';

const hex = (seed: string, n: number) => createHash('sha256').update(seed).digest('hex').slice(0, n);
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export function writeSyntheticCopy(
  from: string,
  to: string,
  lock: string,
  factor: number,
): { traces: number; spans: number } {
  for (const p of ARTIFACT_PATHS) {
    mkdirSync(dirname(join(to, p)), { recursive: true });
    cpSync(join(from, p), join(to, p));
  }
  cpSync(lock, join(to, 'artifacts.lock.json'));
  const read = <S extends z.ZodMiniType>(p: string, schema: S): z.infer<S> =>
    schema.parse(JSON.parse(readFileSync(join(to, p), 'utf8')));
  const write = (p: string, d: unknown) => writeFileSync(join(to, p), JSON.stringify(d, null, 2) + '\n');

  const index = read('index/spans.json', SpanIndex);
  const adv = read('results/adversarial.json', Adversarial);
  const dc = read('results/datacheck.json', Datacheck);
  const labels = Object.keys(read('results/normaliser.json', Normaliser).shortest_reaching).length;
  let traces = 0;
  let spans = 0;
  for (const [split, byTrace] of Object.entries(index.splits)) {
    const grown: Record<string, string[]> = { ...byTrace };
    for (let copy = 1; copy < factor; copy++) {
      for (const [trace, list] of Object.entries(byTrace)) {
        grown[hex(`${split}/${trace}/${copy}`, 32)] = list.map((s, i) =>
          hex(`${split}/${trace}/${copy}/${i}/${s}`, 16),
        );
      }
    }
    index.splits[split] = grown;
    const lists = Object.values(grown);
    const summary = {
      distinct_spans: new Set(lists.flat()).size,
      spans: lists.reduce((n, l) => n + l.length, 0),
      traces: lists.length,
    };
    index.summary[split] = summary;
    const here = dc.splits[split]!.here;
    here.traces = summary.traces;
    here.spans = summary.spans;
    traces += summary.traces;
    spans += summary.spans;
    const s = adv.splits[split]!;
    const skipped = new Set(s.walked_past.map((w) => w.trace));
    const distinct = Object.entries(grown)
      .filter(([t]) => !skipped.has(t))
      .reduce((n, [, l]) => n + new Set(l).size, 0);
    for (const [name, emitted] of [
      ['every-span-once', distinct],
      ['all-spans-all-categories', distinct * labels],
    ] as const) {
      const row = s.predictors[name]!;
      row.predicted_errors = emitted;
      row.volume_ratio = roundPython(emitted / s.gold_errors, 10);
    }
  }
  const digest = sha256(pythonCanonicalJson(index.splits as JsonValue));
  write('index/spans.json', index);
  write('results/adversarial.json', { ...adv, index_sha256: digest });
  const cells = Object.values(dc.splits).flatMap((sp) =>
    (Object.keys(sp.here) as (keyof typeof sp.here)[]).map((k) => sp.here[k] !== sp.paper[k]),
  );
  const p9 = dc.properties['P9']!;
  p9.magnitude = p9.magnitude.replace(/^\d+ of the \d+/, `${cells.filter(Boolean).length} of the ${cells.length}`);
  write('results/datacheck.json', { ...dc, index_sha256: digest });
  write('results/normaliser.json', { ...read('results/normaliser.json', Normaliser), index_sha256: digest });
  write('results/catf1.json', { ...read('results/catf1.json', Catf1), index_sha256: digest });
  // A throw-away benchmark copy, never published: its lock takes the synthetic bytes' digests and keeps the old commits.
  const lockPath = join(to, 'artifacts.lock.json');
  const locked = loadLock(lockPath);
  const files = locked.files.map((f) => {
    const bytes = readFileSync(join(to, f.path));
    const blob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    return { ...f, bytes: bytes.length, sha256: sha256(bytes), blob };
  });
  writeFileSync(lockPath, serialiseLock({ ...locked, pins: { ...locked.pins, index_sha256: digest }, files }));
  return { traces, spans };
}
