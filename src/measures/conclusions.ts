/** The conclusions the prose states (<Holds that="name">), each checked against the data at build. */
import { identicalBlocks } from '../rederive/catf1.ts';
import { ProblemError } from '../core/problem.ts';
import type { Audit } from '../audit/assemble.ts';
import { absentLocations } from './adversarial.ts';
import { elevenPercent } from './eleven-percent.ts';
import { HEADLINE_PREDICTOR, ORACLE_PREDICTOR } from '../core/names.ts';
import { splitNames } from './splits.ts';
import { table5 } from './table5.ts';
import { toFixedPython } from '../core/python-round.ts';
import { abstractCounts } from './abstract-counts.ts';
import { inventory } from './inventory.ts';
import { say, type StringKey } from '../core/strings.ts';

interface Conclusion {
  /** The conclusion in words (content/strings.json), as the failure message gives it. */
  readonly states: string;
  /** True, or why it does not hold. */
  readonly check: (a: Audit) => true | string;
}

const predictor = (a: Audit, split: string, name: string) => {
  const row = a.adversarial.splits[split]!.predictors[name];
  if (!row) throw new Error(`results/adversarial.json has no predictor ${name} on ${split}`);
  return row;
};

const CHECKS = {
  'headline-beats-published': (a) => {
    if (splitNames(a).length !== 2) return `there are ${splitNames(a).length} splits, and the prose says both`;
    for (const s of splitNames(a)) {
      const row = predictor(a, s, HEADLINE_PREDICTOR);
      const best = a.adversarial.splits[s]!.best_published;
      if (!(row.joint_accuracy > best.joint_accuracy.value))
        return `on ${s} its joint accuracy does not beat the published one`;
      if (!(row.location_accuracy > best.location_accuracy.value))
        return `on ${s} its location accuracy does not beat the published one`;
    }
    return true;
  },
  'headline-reads-spans-only': (a) =>
    splitNames(a).every((s) => predictor(a, s, HEADLINE_PREDICTOR).reads === 'spans') ||
    'it is recorded as reading the gold',
  'nothing-reaches-perfect': (a) => {
    for (const s of splitNames(a)) {
      const split = a.adversarial.splits[s]!;
      if (split.reachable_ceiling >= 1) return `the ceiling on ${s} is ${split.reachable_ceiling}`;
      for (const [n, r] of Object.entries(split.predictors)) {
        if (r.joint_accuracy >= 1 || r.location_accuracy >= 1) return `${n} reaches a perfect score on ${s}`;
      }
    }
    return true;
  },
  'ceiling-is-error-free-traces': (a) =>
    splitNames(a).every(
      (s) => a.adversarial.splits[s]!.traces_with_gold_errors < a.adversarial.splits[s]!.gold_files_scored,
    ) || 'some split has none',
  'headline-short-of-oracle-only-where-locations-are-absent': (a) => {
    for (const s of splitNames(a)) {
      const absent = Object.keys(a.adversarial.splits[s]!.locations_off_the_index).length > 0;
      const h = predictor(a, s, HEADLINE_PREDICTOR).location_accuracy;
      const o = predictor(a, s, ORACLE_PREDICTOR).location_accuracy;
      if (absent ? !(h < o) : h !== o) return `on ${s} it scores ${h} against the oracle's ${o}`;
    }
    return true;
  },
  'absent-locations-one-split': (a) => {
    const by = absentLocations(a).bySplit;
    return (
      (by.length === 1 && by[0]!.split === 'SWE Bench') ||
      `they lie in ${by.map((b) => b.split).join(', ') || 'no split'}`
    );
  },
  'absent-locations-are-sentences': (a) => {
    const locations = splitNames(a).flatMap((split) =>
      Object.values(a.adversarial.splits[split]!.locations_off_the_index).flat(),
    );
    if (locations.length === 0) return 'there are none';
    const short = locations.filter(
      (l) =>
        l
          .trim()
          .split(/\s+/)
          .filter((w) => /^[A-Za-z]+$/.test(w)).length < 4,
    );
    if (short.length > 0) return `${short.length} of them are not four or more words of letters`;
    return true;
  },
  'eleven-percent-by-truncation': (a) => {
    const e = elevenPercent(a);
    const target = e.combined.value;
    const mean = e.plainMean.value;
    if (toFixedPython(mean * 100, 0) === toFixedPython(target * 100, 0))
      return 'the plain mean rounds to the abstract figure';
    if (Math.floor(mean * 100) !== Math.round(target * 100))
      return 'the plain mean does not truncate to the abstract figure';
    for (const w of [e.byFiles.value, e.byErrors.value]) {
      if (Math.abs(w - target) <= Math.abs(mean - target))
        return 'a weighted mean is closer to the abstract figure than the plain mean';
    }
    return true;
  },
  'p5-moves-nothing': (a) => {
    const s = a.normaliser.shuffle;
    if (s.ambiguous_gold_spellings.length > 0) return 'some gold spellings are ambiguous';
    if (s.figures_that_moved.length > 0) return 'some rescored figures moved';
    const moved = s.scores.some(
      (r) =>
        r.joint_accuracy.pinned !== r.joint_accuracy.shuffled ||
        r.location_accuracy.pinned !== r.location_accuracy.shuffled,
    );
    return !moved || 'a rescored row differs between the pinned and the shuffled taxonomy';
  },
  'p8-moves-nothing': (a) => {
    const g = a.pairing.on_the_real_gold;
    return (
      (g.falsy_categories === 0 && g.traces_that_would_mispair === 0 && g.traces_that_would_lose_a_pair === 0) ||
      'some gold errors carry a falsy category'
    );
  },
  'p7-blocks-identical': (a) => {
    // Which splits have identical blocks is re-derived at admission; what can change is that there are none.
    return identicalBlocks(a, a.catf1.differ_only_in_where).length > 0 || 'their blocks differ on every split';
  },
  'predictors-read-as-described': (a) => {
    const expected: Record<string, 'spans' | 'gold'> = {
      silent: 'spans',
      'gold-exact': 'gold',
      'gold-mispaired': 'gold',
      'every-span-once': 'spans',
      'gold-spans-all-categories': 'gold',
      [HEADLINE_PREDICTOR]: 'spans',
    };
    for (const s of splitNames(a)) {
      const rows = a.adversarial.splits[s]!.predictors;
      if (Object.keys(rows).sort().join() !== Object.keys(expected).sort().join())
        return `${s} has the predictors ${Object.keys(rows).join(', ')}`;
      for (const [n, reads] of Object.entries(expected))
        if (rows[n]!.reads !== reads) return `${n} reads ${rows[n]!.reads} on ${s}`;
    }
    return true;
  },
  'headline-emits-far-more-than-gold': (a) =>
    splitNames(a).every((s) => predictor(a, s, HEADLINE_PREDICTOR).volume_ratio > 10) ||
    'on some split it emits fewer than ten times the gold',
  'headline-precision-collapses': (a) =>
    splitNames(a).every((s) => {
      const r = predictor(a, s, HEADLINE_PREDICTOR);
      return r.joint_precision < r.joint_accuracy / 10;
    }) || 'on some split its joint precision is not below a tenth of its joint accuracy',
  'unreadable-is-one-trailing-comma': (a) => {
    const u = a.datacheck.unreadable;
    return (
      (u.length === 1 && u[0]!.character === ',') ||
      `${u.length} unreadable files, at ${u.map((x) => JSON.stringify(x.character)).join(', ')}`
    );
  },
  'walked-past-is-unreadable': (a) => {
    const walked = splitNames(a)
      .flatMap((s) => a.adversarial.splits[s]!.walked_past.map((w) => w.trace))
      .sort();
    const unreadable = a.datacheck.unreadable.map((u) => u.trace).sort();
    return (
      walked.join() === unreadable.join() ||
      `walked past ${walked.join(', ') || 'none'}, unreadable ${unreadable.join(', ') || 'none'}`
    );
  },
  'normaliser-repairs-most': (a) => {
    const v = a.datacheck.vocabulary;
    return v.dropped_spellings * 2 < v.off_taxonomy || `${v.dropped_spellings} of ${v.off_taxonomy} are dropped`;
  },
  'fallback-both-ways': (a) => {
    const drift = a.normaliser.gold_drift;
    const promoted = drift.some((d) => d.loop === 'fallback');
    const stranded = drift.some((d) => d.loop === 'neither' && d.labels_inside_it.length > 0);
    if (!promoted) return 'no spelling is promoted by the fallback loop';
    if (!stranded) return 'no spelling that holds a label reaches nothing';
    return true;
  },
  'space-lands-on-first-label': (a) => {
    const first = Object.keys(a.normaliser.shortest_reaching)[0];
    return (
      a.normaliser.whitespace_only === first ||
      `it lands on ${a.normaliser.whitespace_only}, the first label is ${first}`
    );
  },
  'p5-order-dependence-exists': (a) =>
    (a.normaliser.order_dependent.count > 0 && a.normaliser.order_dependent.moved_under_the_shuffle > 0) || 'none do',
  'p5-is-latent': (a) => {
    if (!(a.normaliser.order_dependent.count > 0)) return 'no substring depends on the order';
    if (a.normaliser.shuffle.figures_that_moved.length > 0) return 'some rescored figures moved';
    return verdictIs(a, 'P5', 'LATENT');
  },
  'no-property-held': (a) => {
    if (a.properties.length !== 9) return `there are ${a.properties.length} properties, and the prose says nine`;
    for (const p of a.properties) {
      const expected = p.name === 'P5' || p.name === 'P8' ? 'LATENT' : 'VIOLATED';
      if (p.verdict !== expected) return `${p.name} is ${p.verdict}`;
    }
    return true;
  },
  'p8-is-latent': (a) => verdictIs(a, 'P8', 'LATENT'),
  'p7-locations-opposite': (a) => {
    const [x, y] = a.catf1.differ_only_in_where;
    for (const split of a.catf1.identical_per_category_block) {
      const rx = a.catf1.rows.find((r) => r.split === split && r.predictor === x);
      const ry = a.catf1.rows.find((r) => r.split === split && r.predictor === y);
      if (!rx || !ry) return `no rows for ${x} and ${y} on ${split}`;
      if (!(rx.location_accuracy > 0.9 && ry.location_accuracy === 0))
        return `on ${split} they score ${rx.location_accuracy} and ${ry.location_accuracy}`;
    }
    return true;
  },
  'table-5-every-row-differs': (a) =>
    table5(a).rows.every((r) => r.cells.some((c) => c.disagree)) || 'some row agrees on every split',
  'table-5-spans-differ-most': (a) => {
    const gap = (r: ReturnType<typeof table5>['rows'][number]) =>
      Math.max(...r.cells.map((c) => Math.abs(c.here.value - c.paper.value) / c.paper.value));
    const rows = table5(a).rows;
    const spans = rows.find((r) => r.key === 'spans')!;
    return rows.every((r) => r === spans || gap(r) < gap(spans)) || 'another row differs more';
  },
  'abstract-totals-differ-from-table-5': (a) =>
    abstractCounts(a).every((c) => c.abstract.value !== c.table5.value) || 'some abstract total equals the Table 5 sum',
  'index-holds-identifiers-only': (a) => {
    const rows = inventory(a);
    const row = rows.find((r) => r.file === 'index/spans.json')!;
    if (!(row.upstream.value === 0 && row.longer.value === 0))
      return `it holds ${row.upstream.value} of TRAIL's strings and ${row.longer.value} long ones`;
    const bare = rows.filter((r) => r !== row && r.upstream.value === 0 && r.longer.value === 0);
    return bare.length === 0 || `${bare.map((r) => r.file).join(', ')} also holds no words and no long string`;
  },
} as const satisfies Record<string, (a: Audit) => true | string>;

function verdictIs(a: Audit, name: string, verdict: string): true | string {
  const p = a.properties.find((q) => q.name === name);
  return p?.verdict === verdict || `${name} is ${p?.verdict ?? 'undecided'}`;
}

export type ConclusionName = keyof typeof CHECKS;

export const CONCLUSIONS = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    {
      states:
        name === 'p8-is-latent'
          ? 'P8 is LATENT'
          : say(`measures/conclusions.${name}.states` as StringKey, HEADLINE_PREDICTOR),
      check,
    },
  ]),
) as Record<ConclusionName, Conclusion>;

export function isConclusionName(name: string): name is ConclusionName {
  return Object.hasOwn(CHECKS, name);
}

const HOME = 'src/measures/conclusions.ts';

/** Throws, naming the conclusion, when the admitted data no longer supports it. */
export function assertConclusion(a: Audit, name: string): void {
  const place = `conclusion "${name}"`;
  if (!isConclusionName(name))
    throw new ProblemError([{ file: HOME, place, message: `<Holds that="${name}">: no such conclusion` }]);
  const c: Conclusion = CONCLUSIONS[name];
  const result = c.check(a);
  if (result !== true)
    throw new ProblemError([
      {
        file: HOME,
        place,
        message: say('measures/conclusions.message', c.states, result, name),
      },
    ]);
}

/** Every conclusion, checked once the audit is admitted (by the build and `npm run verify`), before any page renders. */
export function checkConclusions(audit: Audit): void {
  for (const name of Object.keys(CONCLUSIONS)) assertConclusion(audit, name);
}
