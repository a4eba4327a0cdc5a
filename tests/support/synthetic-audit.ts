/**
 * A small synthetic audit, made up here and admitted like the real one, so tables,
 * charts, derivations and guards can be tested without the audit's artifacts and
 * without a built site. The primary values below are invented; every value the
 * re-derivations recompute is then filled in by running them (until nothing moves),
 * and the copy is written with its own lock and put through admission and rederive().
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { admitFromDisk } from '../../src/admission/load.ts';
import { ARTIFACT_KEYS } from '../../src/admission/artifacts.ts';
import { pythonCanonicalJson } from '../../src/admission/digest.ts';
import type { JsonValue } from '../../src/admission/parse.ts';

// Synchronous digests, node's own: the fixture is written before anything is admitted.
const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const indexDigest = (splits: JsonValue) => sha256Hex(pythonCanonicalJson(splits));
const blobId = (bytes: Uint8Array) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
import { fromPointer, resolvePointer } from '../../src/admission/pointer.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../../src/admission/schemas.ts';
import type { Artifacts } from '../../src/admission/types.ts';
import { rederive, type Audit } from '../../src/audit/assemble.ts';
import { HEADLINE_PREDICTOR, ORACLE_PREDICTOR, PAPER_ID } from '../../src/core/names.ts';
import { PAPER_FIGURES } from '../../src/provenance/paper.ts';
import { REDERIVATIONS } from '../../src/rederive/index.ts';
import { magnitudeFigures, magnitudesRederivation } from '../../src/rederive/magnitudes.ts';

const COMMIT = 'c0ffee'.padEnd(40, '0');
const SCORER = '5c0de'.padEnd(64, '0');
const CORPUS = 'c0a9'.padEnd(64, '0');
const trace = (n: number) => n.toString(16).padStart(32, 'a');

/** The made-up taxonomy: labels that contain one another, so containment and order matter. */
const TAXONOMY = ['Tool Error', 'Tool Output Error', 'Goal Drift', 'Format'];
const SHUFFLED = ['Format', 'Goal Drift', 'Tool Output Error', 'Tool Error'];
const SPLITS = ['Alpha', 'Beta'];
const ONE_SPAN = 'one-span-all-categories';

type Json = Record<string, unknown>;
const property = (claim: string, magnitude: string) => ({ claim, verdict: 'HELD', magnitude });

function predictorRow(reads: 'spans' | 'gold', joint: number, location: number, predicted: number) {
  return {
    reads,
    joint_accuracy: joint,
    location_accuracy: location,
    joint_precision: joint / 2,
    location_precision: location / 2,
    predicted_errors: predicted,
    volume_ratio: 0,
  };
}

function categories(recall: (label: string) => number) {
  return Object.fromEntries(
    TAXONOMY.map((l, i) => [l, { precision: 0.5, recall: recall(l), f1: 0, support: i === 3 ? 0 : i + 1 }]),
  );
}

/** The six files before the fill-in: primary values invented, recomputed ones left at zero. */
function skeleton(): Record<ArtifactPath, Json> {
  // Alpha: three traces, one walked past; Beta: two traces.
  const index = {
    pinned_commit: COMMIT,
    summary: {} as Json,
    splits: {
      Alpha: { [trace(1)]: ['s1', 's2', 's3'], [trace(2)]: ['s4', 's5'], [trace(3)]: ['s6'] },
      Beta: { [trace(4)]: ['t1', 't2'], [trace(5)]: ['t3', 't3', 't4'] },
    } as Record<string, Record<string, string[]>>,
  };
  for (const [split, traces] of Object.entries(index.splits)) {
    const lists = Object.values(traces);
    index.summary[split] = {
      distinct_spans: new Set(lists.flat()).size,
      spans: lists.flat().length,
      traces: lists.length,
    };
  }
  const digest = indexDigest(index.splits as JsonValue);
  const fed = { pinned_commit: COMMIT, scorer_sha256: SCORER, index_sha256: digest };
  const gold = {
    Alpha: { files: 3, walked: 1, errors: 4, withErrors: 2 },
    Beta: { files: 2, walked: 0, errors: 3, withErrors: 1 },
  };
  const split = (name: 'Alpha' | 'Beta') => {
    const g = gold[name];
    const ceiling = g.withErrors / (g.files - g.walked);
    return {
      gold_files: g.files,
      gold_files_scored: g.files - g.walked,
      gold_errors: g.errors,
      traces_with_gold_errors: g.withErrors,
      reachable_ceiling: 0,
      walked_past: name === 'Alpha' ? [{ trace: trace(3), why: 'gold file did not parse' }] : [],
      locations_off_the_index: name === 'Beta' ? { [trace(4)]: ['t9'] } : {},
      best_published: {
        joint_accuracy: { model: 'Model X', value: 0.2 },
        location_accuracy: { model: 'Model Y', value: 0.3 },
      },
      predictors: {
        silent: predictorRow('spans', 0, 0, 0),
        'gold-exact': predictorRow('gold', 0, 0, 0),
        'gold-mispaired': predictorRow('gold', ceiling / 2, 0, 0),
        'every-span-once': predictorRow('spans', 0.1, ceiling * 0.9, 0),
        [ORACLE_PREDICTOR]: predictorRow('gold', ceiling * 0.8, 0, 0),
        [HEADLINE_PREDICTOR]: predictorRow('spans', ceiling * 0.7, 0, 0),
      },
    };
  };
  const adversarial = {
    ...fed,
    table_1: `${PAPER_ID}, Table 1`,
    properties: {
      P1: property(
        'a predictor that reads nothing scores low',
        'made up: Alpha joint 0.000 against 0.000, location 0.000 against 0.000; Beta joint 0.000 against 0.000, location 0.000 against 0.000',
      ),
      P2: property('every gold location is a span', '0 of 0 made up'),
    },
    splits: { Alpha: split('Alpha'), Beta: split('Beta') },
    paper_prose: { combined_joint: PAPER_FIGURES.combinedJoint.value },
  };
  const table5 = (traces: number, spans: number, errors: number, withErrors: number) => ({
    traces,
    spans,
    errors,
    unique_error_spans: errors - 1,
    traces_with_errors: withErrors,
  });
  const datacheck = {
    ...fed,
    table_5: `${PAPER_ID}, Table 5`,
    properties: {
      P3: property('every gold file parses', '0 of 0 made up, so every average divides by 0'),
      P4: property('every gold label is in the taxonomy', '0 of 0 made up, covering 0 of 0 errors'),
      P9: property('the paper counts the data it ships', '0 of the 0 made up at abc123456789'),
    },
    corpus: { sha256: CORPUS, files: 5, bytes: 12345 },
    gold_files: { on_disk: 5, parsed: 4 },
    unreadable: [{ split: 'Alpha', trace: trace(3), line: 7, column: 2, character: ',' }],
    vocabulary: {
      labels: 0,
      spellings: 5,
      errors: 7,
      off_taxonomy: 0,
      errors_off_taxonomy: 0,
      dropped_spellings: 0,
      dropped_errors: 0,
    },
    splits: {
      Alpha: {
        here: table5(0, 0, 4, 0),
        paper: { traces: 4, spans: 7, errors: 5, unique_error_spans: 3, traces_with_errors: 2 },
      },
      Beta: {
        here: table5(0, 0, 3, 0),
        paper: { traces: 2, spans: 6, errors: 3, unique_error_spans: 2, traces_with_errors: 2 },
      },
    },
    paper_prose: { traces: 5, errors: 8 },
  };
  const normaliser = {
    ...fed,
    properties: {
      P5: property(
        'the label does not depend on the order',
        '0 of 0 made up, 0 of them under seed 0, and 0 of the 0 figures move',
      ),
      P6: property(
        'a label takes more than a letter',
        'made up: the shortest is 0 long and each of the 0 is reached by 0 or fewer, 0 of them by zero',
      ),
    },
    labels: 0,
    shortest_label_squashed: 0,
    substrings_enumerated: 0,
    labels_reached: 0,
    shortest_reaching: Object.fromEntries(TAXONOMY.map((l) => [l, { length: 0, strings: [], reaching: 0 }])),
    quoted_in_the_spec: { tool: 'x', drift: 'x' },
    whitespace_only: 'x',
    gold_drift: [
      { spelling: 'Tool Output', errors: 2, lands: 'x', loop: 'exact', labels_inside_it: [] },
      { spelling: 'Formats Errors', errors: 1, lands: 'x', loop: 'exact', labels_inside_it: [] },
    ],
    order_dependent: { count: 0, moved_under_the_shuffle: 0, strings: [] },
    shuffle: {
      seed: 42,
      taxonomy: SHUFFLED,
      ambiguous_gold_spellings: [],
      figures_that_moved: [],
      scores: SPLITS.flatMap((s) =>
        [HEADLINE_PREDICTOR, 'silent'].map((predictor) => ({
          split: s,
          predictor,
          joint_accuracy: { pinned: 0, shuffled: 0 },
          location_accuracy: { pinned: 0, shuffled: 0 },
        })),
      ),
    },
  };
  const row = (s: 'Alpha' | 'Beta', predictor: string, recall: (l: string) => number) => ({
    split: s,
    predictor,
    joint_accuracy: 0,
    location_accuracy: 0,
    weighted_f1: 0,
    files_scored: gold[s].files - gold[s].walked,
    categories_with_support: 0,
    categories_at_full_recall: 0,
    per_category: categories(recall),
  });
  const catf1 = {
    ...fed,
    properties: {
      P7: property('category F-score depends on where', 'made up: Alpha has the same 0 columns at 0.000 and at 0.000'),
    },
    identical_per_category_block: [],
    differ_only_in_where: [HEADLINE_PREDICTOR, ONE_SPAN],
    rows: SPLITS.flatMap((s) => [
      row(s as 'Alpha', HEADLINE_PREDICTOR, () => 1),
      row(s as 'Alpha', ONE_SPAN, (l) => (s === 'Beta' && l === 'Goal Drift' ? 0.5 : 1)),
    ]),
  };
  const pairing = {
    pinned_commit: COMMIT,
    scorer_sha256: SCORER,
    properties: {
      P8: property('a null category pairs nothing', 'zero null category made up: 0.000 to 0.000, and 0 of 0'),
    },
    constructed_trace: {
      errors: [
        { location: 'span-a', category: null },
        { location: 'span-b', category: 'Goal Drift' },
        { location: 'span-c', category: 'Format' },
      ],
    },
    runs: [
      {
        label: 'gold null first',
        gold_has_null: true,
        prediction_has_null: false,
        joint_accuracy: 0,
        location_accuracy: 0,
      },
      {
        label: 'both clean',
        gold_has_null: false,
        prediction_has_null: false,
        joint_accuracy: 0,
        location_accuracy: 0,
      },
    ],
    on_the_real_gold: {
      gold_errors: 7,
      falsy_categories: 0,
      traces_that_would_mispair: 0,
      traces_that_would_lose_a_pair: 0,
    },
  };
  return {
    'index/spans.json': index,
    'results/adversarial.json': adversarial,
    'results/datacheck.json': datacheck,
    'results/normaliser.json': normaliser,
    'results/catf1.json': catf1,
    'results/pairing.json': pairing,
  };
}

function setAt(doc: Json, pointer: string, value: unknown): void {
  const path = fromPointer(pointer);
  const last = path.pop()!;
  (
    resolvePointer(
      doc,
      `/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`.replace(/^\/$/, ''),
    ) as Json
  )[last] = value;
}

/** "N of M ..." in a magnitude, for the counts a re-derivation reads out of it (P2's and P9's); every other figure is restated by restateFigures. */
function restate(magnitude: string, counts: readonly unknown[]): string {
  const rest = magnitude.replace(/^\d[\d,]* of (?:the )?\d[\d,]*\s*/, '');
  return `${counts[0]} of ${counts[1]} ${rest}`.trim();
}

/** Runs every re-derivation and writes what it computes into the leaf it checks, until nothing changes. */
function fillIn(files: Record<ArtifactPath, Json>): void {
  for (let round = 0; round < 10; round++) {
    // Made up: the shuffled order moves no rescored figure (P5 then comes out LATENT).
    for (const row of (
      files['results/normaliser.json'].shuffle as { scores: Record<string, { pinned: number; shuffled: number }>[] }
    ).scores) {
      for (const k of ['joint_accuracy', 'location_accuracy']) row[k]!.shuffled = row[k]!.pinned;
    }
    const artifacts = Object.fromEntries(
      ARTIFACT_PATHS.map((p) => [ARTIFACT_KEYS[p], files[p]]),
    ) as unknown as Artifacts;
    let changed = 0;
    const magnitudes = new Map<string, unknown[]>();
    for (const r of REDERIVATIONS) {
      for (const c of r.run(artifacts)) {
        const doc = files[c.file];
        if (r.name === magnitudesRederivation.name) {
          const doc = files[c.file];
          const name = c.pointer.split('/')[2]!;
          const next = restateFigures(name, String(resolvePointer(doc, c.pointer)), c.ours as string[]);
          if (next !== resolvePointer(doc, c.pointer)) {
            setAt(doc, c.pointer, next);
            changed++;
          }
          continue;
        }
        if (c.pointer.endsWith('/magnitude')) {
          const key = `${c.file}#${c.pointer}`;
          magnitudes.set(key, [...(magnitudes.get(key) ?? []), ...(Array.isArray(c.ours) ? c.ours : [c.ours])]);
          continue;
        }
        if (JSON.stringify(c.reported) === JSON.stringify(c.ours)) continue;
        const leaf = resolvePointer(doc, c.pointer);
        // Only a comparison of the leaf itself can be filled in; others must hold by construction.
        if (JSON.stringify(leaf) !== JSON.stringify(c.reported)) {
          throw new Error(
            `synthetic audit: ${c.file}#${c.pointer} (${r.name}) cannot be filled in: expected ${JSON.stringify(c.ours)}, the skeleton must hold it`,
          );
        }
        setAt(doc, c.pointer, c.ours);
        changed++;
      }
    }
    for (const [key, counts] of magnitudes) {
      const [file, pointer] = key.split('#') as [ArtifactPath, string];
      const next = restate(String(resolvePointer(files[file], pointer)), counts);
      if (next !== resolvePointer(files[file], pointer)) {
        setAt(files[file], pointer, next);
        changed++;
      }
    }
    if (changed === 0) return;
  }
  throw new Error('synthetic audit: the fill-in did not settle in ten rounds');
}

/** The synthetic artifacts as the bytes of each file; `tamper` may change a filled-in file before it is written. */
export function syntheticFiles(tamper?: (files: Record<ArtifactPath, Json>) => void): Record<ArtifactPath, string> {
  const files = skeleton();
  fillIn(files);
  tamper?.(files);
  return Object.fromEntries(ARTIFACT_PATHS.map((p) => [p, JSON.stringify(files[p], null, 2) + '\n'])) as Record<
    ArtifactPath,
    string
  >;
}

/** Writes the synthetic artifacts and a lock for them (so a tampered copy passes the digest check) into `root`. */
export function writeSyntheticAudit(
  root: string,
  tamper?: (files: Record<ArtifactPath, Json>) => void,
): { root: string; lockPath: string } {
  const files = syntheticFiles(tamper);
  const index = JSON.parse(files['index/spans.json']) as { splits: JsonValue };
  for (const p of ARTIFACT_PATHS) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), files[p]);
  }
  const lock = {
    pins: {
      trail_repository: 'example/trail',
      pinned_commit: COMMIT,
      scorer_path: 'benchmarking/calculate_scores.py',
      scorer_sha256: SCORER,
      index_sha256: indexDigest(index.splits),
      corpus_sha256: CORPUS,
    },
    files: ARTIFACT_PATHS.map((path) => {
      const bytes = new TextEncoder().encode(files[path]);
      return {
        path,
        repository: 'example/audit',
        commit: 'a'.repeat(40),
        bytes: bytes.length,
        sha256: sha256Hex(bytes),
        blob: blobId(bytes),
      };
    }),
    sources: [],
  };
  const lockPath = join(root, 'artifacts.lock.json');
  writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
  return { root, lockPath };
}

let cached: Audit | undefined;

/** The synthetic audit, admitted and re-derived exactly as the build does the real one. */
export async function syntheticAudit(): Promise<Audit> {
  if (!cached) {
    const dir = mkdtempSync(join(tmpdir(), 'trail-synthetic-'));
    try {
      const { root, lockPath } = writeSyntheticAudit(dir);
      cached = rederive(await admitFromDisk(root, lockPath));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return cached;
}

/** `magnitude` with its figures replaced, in order, by `figures` (for building synthetic audits). */
export function restateFigures(name: string, magnitude: string, figures: readonly string[]): string {
  const tokens = magnitudeFigures(name, magnitude);
  if (tokens.length !== figures.length)
    throw new RangeError(`${name}'s magnitude has ${tokens.length} figures, not ${figures.length}`);
  let out = magnitude;
  for (let i = tokens.length - 1; i >= 0; i--)
    out = out.slice(0, tokens[i]!.index) + figures[i]! + out.slice(tokens[i]!.index + tokens[i]!.text.length);
  return out;
}
