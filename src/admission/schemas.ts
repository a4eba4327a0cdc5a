/** Strict zod schemas for the audit's six artifacts, the lock and the change records: the one source of their types. */
import * as z from 'zod/mini';

// Each schema parses a handful of documents once per run; compiling fast paths costs more than it saves.
z.config({ jitless: true });

export const VERDICTS = ['VIOLATED', 'LATENT', 'HELD'] as const;
export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

const hex = (n: number) => z.string().check(z.regex(new RegExp(`^[0-9a-f]{${n}}$`), `${n} lowercase hex characters`));
const Commit = hex(40);
const Sha256 = hex(64);
/** A string of at least one character: a key, a name, a span id, the audit's words. */
const NonEmpty = z.string().check(z.minLength(1));
const SpanId = NonEmpty;
const TraceId = hex(32);

const Score = z.number().check(z.gte(0), z.lte(1));
const Count = z.int().check(z.nonnegative());
const Ratio = z.number().check(z.nonnegative());
const Text = NonEmpty;

export const Property = z.strictObject({ claim: Text, verdict: Verdict, magnitude: Text });
export type Property = z.infer<typeof Property>;
/** Which properties a file decides is a cross-file question (check 5), so any P-name is admitted here. */
const Properties = z.record(z.string().check(z.regex(/^P[0-9]+$/, 'a property name P1 to P9')), Property);

const Pinned = { pinned_commit: Commit, scorer_sha256: Sha256 };
const IndexFed = { ...Pinned, index_sha256: Sha256 };

// ---- adversarial.json --------------------------------------------------------
const Reads = z.enum(['spans', 'gold']);
const PredictorRow = z.strictObject({
  reads: Reads,
  joint_accuracy: Score,
  location_accuracy: Score,
  joint_precision: Score,
  location_precision: Score,
  predicted_errors: Count,
  volume_ratio: Ratio,
});
export type PredictorRow = z.infer<typeof PredictorRow>;
const PublishedCell = z.strictObject({ model: Text, value: Score });
const AdversarialSplit = z.strictObject({
  gold_files: Count,
  gold_files_scored: Count,
  gold_errors: Count,
  traces_with_gold_errors: Count,
  reachable_ceiling: Score,
  walked_past: z.array(z.strictObject({ trace: TraceId, why: Text })),
  locations_off_the_index: z.record(TraceId, z.array(z.string()).check(z.minLength(1))),
  best_published: z.strictObject({ joint_accuracy: PublishedCell, location_accuracy: PublishedCell }),
  predictors: z.record(NonEmpty, PredictorRow),
});
export type AdversarialSplit = z.infer<typeof AdversarialSplit>;
export const Adversarial = z.strictObject({
  ...IndexFed,
  table_1: Text,
  properties: Properties,
  splits: z.record(NonEmpty, AdversarialSplit),
  // Present from the audit's next revision on (spec section 0); admitted when it comes.
  paper_prose: z.optional(z.strictObject({ combined_joint: Score })),
});
export type Adversarial = z.infer<typeof Adversarial>;

// ---- datacheck.json ----------------------------------------------------------
export const Table5Counts = z.strictObject({
  traces: Count,
  spans: Count,
  errors: Count,
  unique_error_spans: Count,
  traces_with_errors: Count,
});
export type Table5Counts = z.infer<typeof Table5Counts>;
export const Datacheck = z.strictObject({
  ...IndexFed,
  table_5: Text,
  properties: Properties,
  corpus: z.strictObject({ sha256: Sha256, files: Count, bytes: Count }),
  gold_files: z.strictObject({ on_disk: Count, parsed: Count }),
  unreadable: z.array(
    z.strictObject({
      split: Text,
      trace: TraceId,
      line: Count,
      column: Count,
      character: z.string().check(z.length(1)),
    }),
  ),
  vocabulary: z.strictObject({
    labels: Count,
    spellings: Count,
    errors: Count,
    off_taxonomy: Count,
    errors_off_taxonomy: Count,
    dropped_spellings: Count,
    dropped_errors: Count,
  }),
  splits: z.record(NonEmpty, z.strictObject({ here: Table5Counts, paper: Table5Counts })),
  paper_prose: z.strictObject({
    traces: Count,
    errors: Count,
    traces_with_errors: z.optional(z.record(NonEmpty, Count)),
  }),
});
export type Datacheck = z.infer<typeof Datacheck>;

// ---- normaliser.json ---------------------------------------------------------
const Loop = z.enum(['exact', 'fallback', 'neither']);
export const Normaliser = z.strictObject({
  ...IndexFed,
  properties: Properties,
  labels: Count,
  shortest_label_squashed: Count,
  substrings_enumerated: Count,
  labels_reached: Count,
  shortest_reaching: z.record(Text, z.strictObject({ length: Count, strings: z.array(NonEmpty), reaching: Count })),
  quoted_in_the_spec: z.record(NonEmpty, Text),
  whitespace_only: Text,
  gold_drift: z.array(
    z.strictObject({
      spelling: Text,
      errors: Count,
      lands: Text,
      loop: Loop,
      labels_inside_it: z.array(Text),
    }),
  ),
  order_dependent: z.strictObject({
    count: Count,
    moved_under_the_shuffle: Count,
    strings: z.array(z.strictObject({ string: NonEmpty, labels: Count, pinned: Text, shuffled: Text })),
  }),
  shuffle: z.strictObject({
    seed: Count,
    taxonomy: z.array(Text),
    ambiguous_gold_spellings: z.array(Text),
    figures_that_moved: z.array(Text),
    scores: z.array(
      z.strictObject({
        split: Text,
        predictor: Text,
        joint_accuracy: z.strictObject({ pinned: Score, shuffled: Score }),
        location_accuracy: z.strictObject({ pinned: Score, shuffled: Score }),
      }),
    ),
  }),
});
export type Normaliser = z.infer<typeof Normaliser>;

// ---- catf1.json --------------------------------------------------------------
const CategoryScores = z.strictObject({
  precision: Score,
  recall: Score,
  f1: Score,
  support: z.number().check(z.nonnegative()),
});
const Catf1Row = z.strictObject({
  split: Text,
  predictor: Text,
  joint_accuracy: Score,
  location_accuracy: Score,
  weighted_f1: Score,
  files_scored: Count,
  categories_with_support: Count,
  categories_at_full_recall: Count,
  per_category: z.record(Text, CategoryScores),
});
export type Catf1Row = z.infer<typeof Catf1Row>;
export const Catf1 = z.strictObject({
  ...IndexFed,
  properties: Properties,
  identical_per_category_block: z.array(Text),
  differ_only_in_where: z.tuple([Text, Text]),
  rows: z.array(Catf1Row).check(z.minLength(1)),
});
export type Catf1 = z.infer<typeof Catf1>;

// ---- pairing.json ------------------------------------------------------------
export const Pairing = z.strictObject({
  ...Pinned,
  properties: Properties,
  constructed_trace: z.strictObject({
    errors: z.array(z.strictObject({ location: Text, category: z.nullable(z.string()) })).check(z.minLength(1)),
  }),
  runs: z
    .array(
      z.strictObject({
        label: Text,
        gold_has_null: z.boolean(),
        prediction_has_null: z.boolean(),
        joint_accuracy: Score,
        location_accuracy: Score,
      }),
    )
    .check(z.minLength(1)),
  on_the_real_gold: z.strictObject({
    gold_errors: Count,
    falsy_categories: Count,
    traces_that_would_mispair: Count,
    traces_that_would_lose_a_pair: Count,
  }),
});
export type Pairing = z.infer<typeof Pairing>;

// ---- index/spans.json --------------------------------------------------------
const IndexSummary = z.strictObject({ distinct_spans: Count, spans: Count, traces: Count });
export const SpanIndex = z.strictObject({
  pinned_commit: Commit,
  summary: z.record(NonEmpty, IndexSummary),
  splits: z.record(NonEmpty, z.record(TraceId, z.array(SpanId))),
});
export type SpanIndex = z.infer<typeof SpanIndex>;

/** The six artifacts, by their path in the audit repository. */
export const ARTIFACT_SCHEMAS = {
  'index/spans.json': SpanIndex,
  'results/adversarial.json': Adversarial,
  'results/datacheck.json': Datacheck,
  'results/normaliser.json': Normaliser,
  'results/catf1.json': Catf1,
  'results/pairing.json': Pairing,
} as const;
export type ArtifactPath = keyof typeof ARTIFACT_SCHEMAS;
export const ARTIFACT_PATHS = Object.keys(ARTIFACT_SCHEMAS) as ArtifactPath[];
/** The four results files computed from the span index (pairing's trace is constructed). */
export const INDEX_FED: readonly ArtifactPath[] = [
  'results/adversarial.json',
  'results/datacheck.json',
  'results/normaliser.json',
  'results/catf1.json',
];
export const RESULTS_FILES: readonly ArtifactPath[] = [...INDEX_FED, 'results/pairing.json'];

// ---- the lock ----------------------------------------------------------------
// Every link the site publishes is built from these fields, so each is held to a
// form that can only name a file in a GitHub repository: no host, no "..", no
// absolute path, nothing a URL would read as a query, fragment or escape.
/** GitHub's form of `owner/name`: owner of letters, digits and single inner hyphens; name of letters, digits, '.', '_', '-', never '.' or '..'. */
const Repository = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/,
      'owner/name, as GitHub spells a repository (no host, no "..")',
    ),
  );
/** A path inside a repository: relative, '/'-separated segments of letters, digits, '.', '_', '-', none of them '.' or '..'. */
const RepositoryPath = z.string().check(
  z.maxLength(400),
  z.refine(
    (p) => p.split('/').every((seg) => /^[A-Za-z0-9._-]+$/.test(seg) && seg !== '.' && seg !== '..'),
    'a relative path inside the repository (segments of letters, digits, ".", "_", "-"; no "..", no leading "/")',
  ),
);
/** The most bytes one artifact may have: about 170 times the largest real one. */
export const MAX_ARTIFACT_BYTES = 16 * 1024 * 1024;
const Blob = hex(40);
export const LockFile = z.strictObject({
  path: z.enum(ARTIFACT_PATHS as [ArtifactPath, ...ArtifactPath[]]),
  repository: Repository,
  commit: Commit,
  bytes: Count.check(z.lte(MAX_ARTIFACT_BYTES)),
  sha256: Sha256,
  /** git's blob id of the bytes (SHA-1 of `blob <len>\0<bytes>`), so `git cat-file` can name them too. */
  blob: Blob,
});
export type LockFile = z.infer<typeof LockFile>;
/** Another file of the audit a claim or a test rests on, brought in beside the artifacts (audit-sources/). */
export const LockSource = z.strictObject({
  path: RepositoryPath,
  repository: Repository,
  commit: Commit,
  bytes: Count.check(z.lte(MAX_ARTIFACT_BYTES)),
  sha256: Sha256,
});
export type LockSource = z.infer<typeof LockSource>;
export const Lock = z.strictObject({
  $comment: z.optional(z.string().check(z.maxLength(1000))),
  pins: z.strictObject({
    trail_repository: Repository,
    pinned_commit: Commit,
    scorer_path: RepositoryPath,
    scorer_sha256: Sha256,
    index_sha256: Sha256,
    corpus_sha256: Sha256,
  }),
  files: z.array(LockFile).check(z.length(ARTIFACT_PATHS.length)),
  sources: z.array(LockSource),
});
export type Lock = z.infer<typeof Lock>;

// ---- the change records (audit-changes/, beside the lock) -----------------------
/** One side of a changed leaf: a string only by its SHA-256, so a record never copies the audit's words. */
export const LeafValue = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('number'), value: z.number() }),
  z.strictObject({ type: z.literal('boolean'), value: z.boolean() }),
  z.strictObject({ type: z.literal('verdict'), value: Verdict }),
  z.strictObject({ type: z.literal('null') }),
  z.strictObject({ type: z.literal('string'), sha256: Sha256 }),
  z.strictObject({ type: z.literal('empty'), of: z.enum(['array', 'object']) }),
]);
export type LeafValue = z.infer<typeof LeafValue>;
/** A leaf that differs between two revisions of one file; `old` or `new` is null when the leaf is absent on that side. */
export const LeafChange = z.strictObject({
  file: z.enum(ARTIFACT_PATHS as [ArtifactPath, ...ArtifactPath[]]),
  pointer: z.string().check(z.regex(/^(\/[^/]*)*$/, 'a JSON Pointer')),
  old: z.nullable(LeafValue),
  new: z.nullable(LeafValue),
});
export type LeafChange = z.infer<typeof LeafChange>;
const RecordSide = z.strictObject({
  lock_digest: Sha256,
  files: z.array(z.strictObject({ path: LockFile.shape.path, commit: Commit, sha256: Sha256 })).check(
    z.length(ARTIFACT_PATHS.length),
    z.refine((files) => new Set(files.map((f) => f.path)).size === files.length, 'each of the six paths once'),
  ),
});
/** A UTC timestamp to the second that names a real moment: 2026-02-30T00:00:00Z is refused. */
const RecordDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'a UTC timestamp YYYY-MM-DDTHH:MM:SSZ'),
  z.refine(
    (d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().replace(/\.000Z$/, 'Z') === d,
    'a real date and time',
  ),
);
export const ChangeRecord = z.strictObject({
  $comment: z.optional(z.string()),
  sequence: z.int().check(z.gte(1)),
  /** When the new revision was accepted (UTC, to the second). */
  date: RecordDate,
  old: RecordSide,
  new: RecordSide,
  pins: z.array(z.strictObject({ key: NonEmpty, old: z.string(), new: z.string() })),
  changes: z.array(LeafChange),
});
export type ChangeRecord = z.infer<typeof ChangeRecord>;
