/** What no single schema can see: the files against the lock's pins, the index and each other's totals. */
import { PAPER_ID, PROPERTY_NAMES, isPropertyName } from '../core/names.ts';
import type { Artifacts, CheckReport, DecidedProperty } from './types.ts';
import { artifactAt } from './artifacts.ts';
import { indexDigest } from './digest.ts';
import { AdmissionError, type CheckId } from './errors.ts';
import type { JsonValue } from './parse.ts';
import { toPointer } from './pointer.ts';
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
const ADV = 'results/adversarial.json';
const DC = 'results/datacheck.json';
const INDEX = 'index/spans.json';

/** Refuses unless `ok`. */
function must(ok: boolean, check: CheckId, file: string, pointer: string, expected: string, found: string) {
  if (!ok) throw new AdmissionError(check, file, pointer, expected, found);
}

const equal = (check: CheckId, file: ArtifactPath, at: string, found: number, expected: number, because: string) =>
  must(found === expected, check, file, at, `${expected} (${because})`, `${found}`);

function sameKeys(file: ArtifactPath, at: string, found: readonly string[], expected: readonly string[], of: string) {
  const [a, b] = [[...found].sort().join(', '), [...expected].sort().join(', ')];
  must(a === b, 'totals', file, at, `the splits ${b} (${of})`, `the splits ${a}`);
}

/** The five results files with their paths, in the order the audit loads them. */
const resultsOf = (a: Artifacts) => RESULTS_FILES.map((p) => [p, artifactAt(a, p) as ResultsArtifact] as const);

/** Every pinned commit, scorer digest and the corpus digest equal the lock's pins; the paper cited is ours. */
function checkPins(a: Artifacts, lock: Lock): CheckReport {
  for (const [file, at, cited] of [
    [ADV, '/table_1', a.adversarial.table_1],
    [DC, '/table_5', a.datacheck.table_5],
  ] as const)
    must(
      cited.startsWith(`${PAPER_ID},`),
      'pins',
      file,
      at,
      `a citation of ${PAPER_ID} (src/core/names.ts)`,
      JSON.stringify(cited),
    );
  const { pinned_commit: commit, scorer_sha256: scorer, corpus_sha256: corpus } = lock.pins;
  const found = a.index.pinned_commit;
  must(found === commit, 'pins', INDEX, '/pinned_commit', `${commit} (the lock's TRAIL commit)`, found);
  for (const [file, r] of resultsOf(a)) {
    const every = `${commit} (the lock's TRAIL commit, as every other artifact)`;
    must(r.pinned_commit === commit, 'pins', file, '/pinned_commit', every, r.pinned_commit);
    const digest = `${scorer} (the lock's scorer digest)`;
    must(r.scorer_sha256 === scorer, 'pins', file, '/scorer_sha256', digest, r.scorer_sha256);
  }
  const held = a.datacheck.corpus.sha256;
  must(held === corpus, 'pins', DC, '/corpus/sha256', `${corpus} (the lock's corpus digest)`, held);
  return {
    id: 'pins',
    title: "Every artifact names the lock's TRAIL commit, and every results file its scorer digest",
    facts: [
      { label: 'files naming the pinned commit', value: RESULTS_FILES.length + 1 },
      { label: 'files naming the scorer digest', value: RESULTS_FILES.length },
    ],
  };
}

/** The index digest, recomputed, equals the lock and the four index-fed artifacts; its summary equals its lists. */
async function checkIndex(a: Artifacts, lock: Lock): Promise<CheckReport & { digest: string }> {
  const digest = await indexDigest(a.index.splits as JsonValue);
  const locked = lock.pins.index_sha256;
  must(
    digest === locked,
    'index',
    INDEX,
    '/splits',
    `index digest ${locked} (the lock's)`,
    `index digest ${digest}, recomputed from /splits`,
  );
  for (const file of INDEX_FED) {
    const recorded = (artifactAt(a, file) as { index_sha256: string }).index_sha256;
    const why = `${recorded}: it was produced against another span index`;
    must(recorded === digest, 'index', file, '/index_sha256', `${digest} (recomputed from ${INDEX})`, why);
  }
  const splits = Object.keys(a.index.splits);
  sameKeys(INDEX, '/summary', Object.keys(a.index.summary), splits, 'those of /splits');
  for (const split of splits) {
    const lists = Object.values(a.index.splits[split]!);
    const counted = {
      traces: lists.length,
      spans: lists.reduce((n, l) => n + l.length, 0),
      distinct_spans: new Set(lists.flat()).size,
    };
    for (const key of ['traces', 'spans', 'distinct_spans'] as const) {
      const at = toPointer(['summary', split, key]);
      equal('index', INDEX, at, a.index.summary[split]![key], counted[key], `counted from /splits/${split}`);
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

/** P1 to P9 each decided exactly once across the results files. */
function decideProperties(a: Artifacts): DecidedProperty[] {
  const seen = new Map<string, ArtifactPath>();
  const decided: DecidedProperty[] = [];
  for (const [file, r] of resultsOf(a)) {
    for (const [name, p] of Object.entries(r.properties)) {
      const at = toPointer(['properties', name]);
      if (!isPropertyName(name))
        throw new AdmissionError('properties', file, at, 'a property among P1 to P9', `an unknown property ${name}`);
      const first = seen.get(name);
      const again = `${name} decided a second time`;
      must(!first, 'properties', file, at, `${name} decided once (it is already decided in ${first})`, again);
      seen.set(name, file);
      decided.push({ ...p, name, file });
    }
  }
  for (const name of PROPERTY_NAMES) {
    const at = toPointer(['properties', name]);
    const files = RESULTS_FILES.join(', ');
    must(seen.has(name), 'properties', files, at, `${name} decided by one of these files`, 'no file decides it');
  }
  return decided.sort((x, y) => PROPERTY_NAMES.indexOf(x.name) - PROPERTY_NAMES.indexOf(y.name));
}

/**
 * Every split of results/adversarial.json names the same predictors: the pages set the splits side by
 * side, predictor by predictor, so one a split lacks would reach a page as a reference to nothing.
 */
function checkPredictorSets(adversarial: Adversarial): void {
  const splits = Object.entries(adversarial.splits);
  const all = [...new Set(splits.flatMap(([, s]) => Object.keys(s.predictors)))];
  for (const [split, s] of splits)
    for (const name of all) {
      if (Object.hasOwn(s.predictors, name)) continue;
      const having = splits.filter(([, t]) => Object.hasOwn(t.predictors, name)).map(([n]) => n);
      throw new AdmissionError(
        'totals',
        ADV,
        toPointer(['splits', split, 'predictors', name]),
        `the same predictors on every split (${having.join(', ')} name ${JSON.stringify(name)})`,
        `no predictor ${JSON.stringify(name)} on ${split}`,
      );
    }
}

/** Totals agree across files (derived values are recomputed by src/rederive). */
function checkTotals(a: Artifacts): CheckReport {
  const splits = Object.keys(a.adversarial.splits);
  sameKeys(DC, '/splits', Object.keys(a.datacheck.splits), splits, `those of ${ADV}`);
  sameKeys(INDEX, '/splits', Object.keys(a.index.splits), splits, `those of ${ADV}`);
  checkPredictorSets(a.adversarial);
  let [files, scored, errors] = [0, 0, 0];
  for (const split of splits) {
    const s = a.adversarial.splits[split]!;
    const at = (...rest: (string | number)[]) => toPointer(['splits', split, ...rest]);
    const { gold_files: all, gold_files_scored: inFiles, traces_with_gold_errors: traces } = s;
    must(inFiles <= all, 'totals', ADV, at('gold_files_scored'), `at most gold_files (${all})`, `${inFiles}`);
    const most = `at most gold_files_scored (${inFiles})`;
    must(traces <= inFiles, 'totals', ADV, at('traces_with_gold_errors'), most, `${traces}`);
    equal(
      'totals',
      ADV,
      at('gold_files'),
      all,
      inFiles + s.walked_past.length,
      'the files scored plus the files walked past',
    );
    const here = a.datacheck.splits[split]!.here.errors;
    equal('totals', DC, at('here', 'errors'), here, s.gold_errors, `gold_errors of ${split} in ${ADV}`);
    for (const [name, row] of Object.entries(s.predictors))
      for (const metric of ['joint_accuracy', 'location_accuracy'] as const) {
        const ceiling = `at most the reachable ceiling ${s.reachable_ceiling}`;
        must(
          row[metric] <= s.reachable_ceiling,
          'totals',
          ADV,
          at('predictors', name, metric),
          ceiling,
          `${row[metric]}`,
        );
      }
    files += all;
    scored += inFiles;
    errors += s.gold_errors;
  }
  const g = a.datacheck.gold_files;
  const sum = (of: string) => `the sum of ${of} across the splits of ${ADV}`;
  equal('totals', DC, '/gold_files/on_disk', g.on_disk, files, sum('gold_files'));
  equal('totals', DC, '/gold_files/parsed', g.parsed, scored, sum('gold_files_scored'));
  const unreadable = g.parsed + a.datacheck.unreadable.length;
  equal('totals', DC, '/gold_files/on_disk', g.on_disk, unreadable, 'the files parsed plus the unreadable ones');
  equal('totals', DC, '/vocabulary/errors', a.datacheck.vocabulary.errors, errors, sum('gold_errors'));
  const paired = a.pairing.on_the_real_gold.gold_errors;
  equal('totals', 'results/pairing.json', '/on_the_real_gold/gold_errors', paired, errors, sum('gold_errors'));
  a.catf1.rows.forEach((row, i) => {
    const s = a.adversarial.splits[row.split];
    const at = (key: string) => toPointer(['rows', i, key]);
    const one = `one of the splits ${splits.join(', ')}`;
    must(!!s, 'totals', 'results/catf1.json', at('split'), one, JSON.stringify(row.split));
    const because = `gold_files_scored of ${row.split} in ${ADV}`;
    equal('totals', 'results/catf1.json', at('files_scored'), row.files_scored, s!.gold_files_scored, because);
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
