/**
 * Checks 3 to 6: what no single schema can see. The files must agree with the
 * lock's pins, with the index they were computed from, and with each other on
 * the totals. Reported derived values are recomputed later, by src/rederive.
 */
import { PAPER_ID, PROPERTY_NAMES, isPropertyName } from '../core/names.ts';
import type { Artifacts, CheckReport, DecidedProperty } from './types.ts';
import { artifactAt } from './artifacts.ts';
import { indexDigest } from './digest.ts';
import { AdmissionError, type CheckId } from './errors.ts';
import type { JsonValue } from './parse.ts';
import { toPointer } from './pointer.ts';
import { checkPredictorSets } from './predictor-sets.ts';
import {
  INDEX_FED,
  RESULTS_FILES,
  type Adversarial,
  type ArtifactPath,
  type Catf1,
  type Datacheck,
  type Lock,
  type Normaliser,
  type Pairing,
} from './schemas.ts';

type ResultsArtifact = Adversarial | Datacheck | Normaliser | Catf1 | Pairing;

/** The five results files with their paths, in the order the audit loads them. */
function resultsOf(a: Artifacts): readonly (readonly [ArtifactPath, ResultsArtifact])[] {
  return RESULTS_FILES.map((p) => [p, artifactAt(a, p) as ResultsArtifact] as const);
}

function sameKeys(
  file: ArtifactPath,
  pointer: string,
  found: readonly string[],
  expected: readonly string[],
  of: string,
) {
  const a = [...found].sort().join(', ');
  const b = [...expected].sort().join(', ');
  if (a !== b) throw new AdmissionError('totals', file, pointer, `the splits ${b} (${of})`, `the splits ${a}`);
}

function equal(check: CheckId, file: ArtifactPath, pointer: string, found: number, expected: number, because: string) {
  if (found !== expected) throw new AdmissionError(check, file, pointer, `${expected} (${because})`, `${found}`);
}

/** Check 3: every pinned commit, scorer digest and the corpus digest equal the lock's pins; the paper cited is ours. */
function checkPins(a: Artifacts, lock: Lock): CheckReport {
  const citations = [
    ['results/adversarial.json', '/table_1', a.adversarial.table_1],
    ['results/datacheck.json', '/table_5', a.datacheck.table_5],
  ] as const;
  for (const [file, pointer, cited] of citations) {
    if (!cited.startsWith(`${PAPER_ID},`))
      throw new AdmissionError(
        'pins',
        file,
        pointer,
        `a citation of ${PAPER_ID} (src/core/names.ts)`,
        JSON.stringify(cited),
      );
  }
  const commit = lock.pins.pinned_commit;
  if (a.index.pinned_commit !== commit) {
    throw new AdmissionError(
      'pins',
      'index/spans.json',
      '/pinned_commit',
      `${commit} (the lock's TRAIL commit)`,
      a.index.pinned_commit,
    );
  }
  for (const [file, r] of resultsOf(a)) {
    if (r.pinned_commit !== commit) {
      throw new AdmissionError(
        'pins',
        file,
        '/pinned_commit',
        `${commit} (the lock's TRAIL commit, as every other artifact)`,
        r.pinned_commit,
      );
    }
    if (r.scorer_sha256 !== lock.pins.scorer_sha256) {
      throw new AdmissionError(
        'pins',
        file,
        '/scorer_sha256',
        `${lock.pins.scorer_sha256} (the lock's scorer digest)`,
        r.scorer_sha256,
      );
    }
  }
  if (a.datacheck.corpus.sha256 !== lock.pins.corpus_sha256) {
    throw new AdmissionError(
      'pins',
      'results/datacheck.json',
      '/corpus/sha256',
      `${lock.pins.corpus_sha256} (the lock's corpus digest)`,
      a.datacheck.corpus.sha256,
    );
  }
  return {
    id: 'pins',
    title: "Every artifact names the lock's TRAIL commit, and every results file its scorer digest",
    facts: [
      { label: 'files naming the pinned commit', value: resultsOf(a).length + 1 },
      { label: 'files naming the scorer digest', value: resultsOf(a).length },
    ],
  };
}

/** Check 4: the index digest, recomputed, equals the lock and the four index-fed artifacts; its summary equals its lists. */
async function checkIndex(a: Artifacts, lock: Lock): Promise<CheckReport & { digest: string }> {
  const digest = await indexDigest(a.index.splits as JsonValue);
  if (digest !== lock.pins.index_sha256) {
    throw new AdmissionError(
      'index',
      'index/spans.json',
      '/splits',
      `index digest ${lock.pins.index_sha256} (the lock's)`,
      `index digest ${digest}, recomputed from /splits`,
    );
  }
  for (const file of INDEX_FED) {
    const recorded = (artifactAt(a, file) as { index_sha256: string }).index_sha256;
    if (recorded !== digest) {
      throw new AdmissionError(
        'index',
        file,
        '/index_sha256',
        `${digest} (recomputed from index/spans.json)`,
        `${recorded}: it was produced against another span index`,
      );
    }
  }
  const splits = Object.keys(a.index.splits);
  sameKeys('index/spans.json', '/summary', Object.keys(a.index.summary), splits, 'those of /splits');
  for (const split of splits) {
    const traces = a.index.splits[split]!;
    const lists = Object.values(traces);
    const counted = {
      traces: lists.length,
      spans: lists.reduce((n, l) => n + l.length, 0),
      distinct_spans: new Set(lists.flat()).size,
    };
    const summary = a.index.summary[split]!;
    for (const key of ['traces', 'spans', 'distinct_spans'] as const) {
      equal(
        'index',
        'index/spans.json',
        toPointer(['summary', split, key]),
        summary[key],
        counted[key],
        `counted from /splits/${split}`,
      );
    }
  }
  return {
    digest,
    id: 'index',
    title: 'The span index digest, recomputed, matches the lock and every index-fed artifact',
    facts: [
      { label: 'artifacts recording the digest', value: INDEX_FED.length },
      { label: 'splits whose summary matches its lists', value: splits.length },
    ],
  };
}

/** Check 5: P1 to P9 each decided exactly once across the results files. */
function decideProperties(a: Artifacts): DecidedProperty[] {
  const seen = new Map<string, ArtifactPath>();
  const decided: DecidedProperty[] = [];
  for (const [file, r] of resultsOf(a)) {
    for (const [name, p] of Object.entries(r.properties)) {
      const pointer = toPointer(['properties', name]);
      if (!isPropertyName(name)) {
        throw new AdmissionError(
          'properties',
          file,
          pointer,
          'a property among P1 to P9',
          `an unknown property ${name}`,
        );
      }
      const first = seen.get(name);
      if (first) {
        throw new AdmissionError(
          'properties',
          file,
          pointer,
          `${name} decided once (it is already decided in ${first})`,
          `${name} decided a second time`,
        );
      }
      seen.set(name, file);
      decided.push({ ...p, name, file });
    }
  }
  for (const name of PROPERTY_NAMES) {
    if (!seen.has(name)) {
      throw new AdmissionError(
        'properties',
        RESULTS_FILES.join(', '),
        toPointer(['properties', name]),
        `${name} decided by one of these files`,
        'no file decides it',
      );
    }
  }
  return decided.sort((x, y) => PROPERTY_NAMES.indexOf(x.name) - PROPERTY_NAMES.indexOf(y.name));
}

/** Check 6: totals agree across files (derived values are recomputed by src/rederive). */
function checkTotals(a: Artifacts): CheckReport {
  const adv = 'results/adversarial.json' as const;
  const dc = 'results/datacheck.json' as const;
  const splits = Object.keys(a.adversarial.splits);
  sameKeys(dc, '/splits', Object.keys(a.datacheck.splits), splits, 'those of results/adversarial.json');
  sameKeys('index/spans.json', '/splits', Object.keys(a.index.splits), splits, 'those of results/adversarial.json');
  checkPredictorSets(a.adversarial);

  let files = 0;
  let scored = 0;
  let errors = 0;
  for (const split of splits) {
    const s = a.adversarial.splits[split]!;
    const at = (...rest: (string | number)[]) => toPointer(['splits', split, ...rest]);
    if (s.gold_files_scored > s.gold_files) {
      throw new AdmissionError(
        'totals',
        adv,
        at('gold_files_scored'),
        `at most gold_files (${s.gold_files})`,
        `${s.gold_files_scored}`,
      );
    }
    if (s.traces_with_gold_errors > s.gold_files_scored) {
      throw new AdmissionError(
        'totals',
        adv,
        at('traces_with_gold_errors'),
        `at most gold_files_scored (${s.gold_files_scored})`,
        `${s.traces_with_gold_errors}`,
      );
    }
    equal(
      'totals',
      adv,
      at('gold_files'),
      s.gold_files,
      s.gold_files_scored + s.walked_past.length,
      'the files scored plus the files walked past',
    );
    equal(
      'totals',
      dc,
      toPointer(['splits', split, 'here', 'errors']),
      a.datacheck.splits[split]!.here.errors,
      s.gold_errors,
      `gold_errors of ${split} in ${adv}`,
    );
    for (const [name, row] of Object.entries(s.predictors)) {
      for (const metric of ['joint_accuracy', 'location_accuracy'] as const) {
        if (row[metric] > s.reachable_ceiling) {
          throw new AdmissionError(
            'totals',
            adv,
            at('predictors', name, metric),
            `at most the reachable ceiling ${s.reachable_ceiling}`,
            `${row[metric]}`,
          );
        }
      }
    }
    files += s.gold_files;
    scored += s.gold_files_scored;
    errors += s.gold_errors;
  }
  const g = a.datacheck.gold_files;
  equal('totals', dc, '/gold_files/on_disk', g.on_disk, files, `the sum of gold_files across the splits of ${adv}`);
  equal(
    'totals',
    dc,
    '/gold_files/parsed',
    g.parsed,
    scored,
    `the sum of gold_files_scored across the splits of ${adv}`,
  );
  equal(
    'totals',
    dc,
    '/gold_files/on_disk',
    g.on_disk,
    g.parsed + a.datacheck.unreadable.length,
    'the files parsed plus the unreadable ones',
  );
  equal(
    'totals',
    dc,
    '/vocabulary/errors',
    a.datacheck.vocabulary.errors,
    errors,
    `the sum of gold_errors across the splits of ${adv}`,
  );
  equal(
    'totals',
    'results/pairing.json',
    '/on_the_real_gold/gold_errors',
    a.pairing.on_the_real_gold.gold_errors,
    errors,
    `the sum of gold_errors across the splits of ${adv}`,
  );
  a.catf1.rows.forEach((row, i) => {
    const s = a.adversarial.splits[row.split];
    if (!s)
      throw new AdmissionError(
        'totals',
        'results/catf1.json',
        toPointer(['rows', i, 'split']),
        `one of the splits ${splits.join(', ')}`,
        JSON.stringify(row.split),
      );
    equal(
      'totals',
      'results/catf1.json',
      toPointer(['rows', i, 'files_scored']),
      row.files_scored,
      s.gold_files_scored,
      `gold_files_scored of ${row.split} in ${adv}`,
    );
  });
  return {
    id: 'totals',
    title: 'Totals agree across the files that count them, and no score passes its ceiling',
    facts: [
      { label: 'gold files on disk, in adversarial and datacheck', value: files },
      { label: 'gold files scored, in adversarial, datacheck and the category scores', value: scored },
      { label: 'gold errors, in adversarial, datacheck and pairing', value: errors },
    ],
  };
}

export async function runCrossChecks(
  a: Artifacts,
  lock: Lock,
): Promise<{ checks: CheckReport[]; properties: DecidedProperty[]; indexDigest: string }> {
  const pins = checkPins(a, lock);
  const { digest: indexDigest, ...index } = await checkIndex(a, lock);
  const properties = decideProperties(a);
  const totals = checkTotals(a);
  const checks: CheckReport[] = [
    pins,
    index,
    {
      id: 'properties',
      title: 'Each of P1 to P9 is decided exactly once, with a verdict from the vocabulary',
      facts: [{ label: 'properties decided', value: properties.length }],
    },
    totals,
  ];
  return { checks, properties, indexDigest };
}
