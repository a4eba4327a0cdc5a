/**
 * Conclusions our prose states that depend on the data. Each sentence that states
 * one is wrapped in <Holds that="name">, which evaluates the condition at build
 * time: if a future artifact breaks it, the build fails instead of publishing a
 * false sentence.
 */
import type { Audit } from '../admission/admit.ts';
import { absentLocations } from './adversarial.ts';
import { elevenPercent } from './eleven-percent.ts';
import { HEADLINE_PREDICTOR, ORACLE_PREDICTOR, splitNames } from './names.ts';
import { p9StatedCounts, table5 } from './table5.ts';
import { toFixedPython } from '../figures/python-round.ts';

interface Conclusion {
  /** The conclusion in words, as the failure message gives it. */
  readonly states: string;
  /** Why it holds or not, for the failure message. */
  readonly check: (a: Audit) => true | string;
}

const predictor = (a: Audit, split: string, name: string) => {
  const row = a.adversarial.splits[split]!.predictors[name];
  if (!row) throw new Error(`results/adversarial.json has no predictor ${name} on ${split}`);
  return row;
};

export const CONCLUSIONS = {
  'headline-beats-published': {
    states: `${HEADLINE_PREDICTOR} beats the best published row on both metrics on every split`,
    check: (a) => {
      for (const s of splitNames(a)) {
        const row = predictor(a, s, HEADLINE_PREDICTOR);
        const best = a.adversarial.splits[s]!.best_published;
        if (!(row.joint_accuracy > best.joint_accuracy.value)) return `on ${s} its joint accuracy does not beat the published one`;
        if (!(row.location_accuracy > best.location_accuracy.value)) return `on ${s} its location accuracy does not beat the published one`;
      }
      return true;
    },
  },
  'headline-reads-spans-only': {
    states: `${HEADLINE_PREDICTOR} reads only span identifiers, never the gold`,
    check: (a) => splitNames(a).every((s) => predictor(a, s, HEADLINE_PREDICTOR).reads === 'spans') || 'it is recorded as reading the gold',
  },
  'headline-not-above-oracle': {
    states: `${HEADLINE_PREDICTOR} does not beat the oracle that knows the gold locations`,
    check: (a) =>
      splitNames(a).every((s) => predictor(a, s, HEADLINE_PREDICTOR).joint_accuracy <= predictor(a, s, ORACLE_PREDICTOR).joint_accuracy) ||
      'on some split it scores above the oracle',
  },
  'nothing-reaches-perfect': {
    states: 'no predictor and no ceiling reaches a perfect score on any split',
    check: (a) => {
      for (const s of splitNames(a)) {
        const split = a.adversarial.splits[s]!;
        if (split.reachable_ceiling >= 1) return `the ceiling on ${s} is ${split.reachable_ceiling}`;
        for (const [n, r] of Object.entries(split.predictors)) {
          if (r.joint_accuracy >= 1 || r.location_accuracy >= 1) return `${n} reaches a perfect score on ${s}`;
        }
      }
      return true;
    },
  },
  'ceiling-is-error-free-traces': {
    states: 'every split has at least one scored trace whose gold carries no error',
    check: (a) => splitNames(a).every((s) => a.adversarial.splits[s]!.traces_with_gold_errors < a.adversarial.splits[s]!.gold_files_scored) || 'some split has none',
  },
  'headline-short-of-oracle-only-where-locations-are-absent': {
    states: `${HEADLINE_PREDICTOR} matches the oracle's location accuracy except on splits with gold locations that are not spans, where it falls short`,
    check: (a) => {
      for (const s of splitNames(a)) {
        const absent = Object.keys(a.adversarial.splits[s]!.locations_off_the_index).length > 0;
        const h = predictor(a, s, HEADLINE_PREDICTOR).location_accuracy;
        const o = predictor(a, s, ORACLE_PREDICTOR).location_accuracy;
        if (absent ? !(h < o) : h !== o) return `on ${s} it scores ${h} against the oracle's ${o}`;
      }
      return true;
    },
  },
  'absent-locations-one-split': {
    states: 'every gold location that is not a span lies in the SWE Bench split',
    check: (a) => {
      const by = absentLocations(a).bySplit;
      return (by.length === 1 && by[0]!.split === 'SWE Bench') || `they lie in ${by.map((b) => b.split).join(', ') || 'no split'}`;
    },
  },
  'eleven-percent-by-truncation': {
    states: 'the plain mean of the per-split best scores reaches the abstract figure only by truncation, and weighting moves it further away',
    check: (a) => {
      const e = elevenPercent(a);
      const target = e.combined.value;
      const mean = e.plainMean.value;
      if (toFixedPython(mean * 100, 0) === toFixedPython(target * 100, 0)) return 'the plain mean rounds to the abstract figure';
      if (Math.floor(mean * 100) !== Math.round(target * 100)) return 'the plain mean does not truncate to the abstract figure';
      for (const w of [e.byFiles.value, e.byErrors.value]) {
        if (Math.abs(w - target) <= Math.abs(mean - target)) return 'a weighted mean is closer to the abstract figure than the plain mean';
      }
      return true;
    },
  },
  'p5-moves-nothing': {
    states: 'no gold spelling is ambiguous and no rescored figure moved under the shuffled taxonomy',
    check: (a) => {
      const s = a.normaliser.shuffle;
      if (s.ambiguous_gold_spellings.length > 0) return 'some gold spellings are ambiguous';
      if (s.figures_that_moved.length > 0) return 'some rescored figures moved';
      const moved = s.scores.some((r) => r.joint_accuracy.pinned !== r.joint_accuracy.shuffled || r.location_accuracy.pinned !== r.location_accuracy.shuffled);
      return !moved || 'a rescored row differs between the pinned and the shuffled taxonomy';
    },
  },
  'p8-moves-nothing': {
    states: 'no real gold error carries a null or empty category, so no file mispairs',
    check: (a) => {
      const g = a.pairing.on_the_real_gold;
      return (g.falsy_categories === 0 && g.traces_that_would_mispair === 0 && g.traces_that_would_lose_a_pair === 0) || 'some gold errors carry a falsy category';
    },
  },
  'p7-blocks-identical': {
    states: 'the two predictors that differ only in where they put labels get identical per-category blocks on every split',
    check: (a) => {
      const [x, y] = a.catf1.differ_only_in_where;
      for (const split of a.catf1.identical_per_category_block) {
        const bx = a.catf1.rows.find((r) => r.split === split && r.predictor === x);
        const by = a.catf1.rows.find((r) => r.split === split && r.predictor === y);
        if (!bx || !by) return `results/catf1.json has no rows for ${x} and ${y} on ${split}`;
        if (JSON.stringify(bx.per_category) !== JSON.stringify(by.per_category)) return `their blocks differ on ${split}`;
      }
      return a.catf1.identical_per_category_block.length > 0 || 'no split is listed';
    },
  },
  'p9-count-matches': {
    states: "the number of Table 5 cells where paper and tree disagree is the number P9's magnitude states",
    check: (a) => {
      const t = table5(a);
      const p9 = a.properties.find((p) => p.name === 'P9');
      const stated = p9 ? p9StatedCounts(p9.magnitude) : undefined;
      if (!stated) return "P9's magnitude states no count";
      return (stated.disagree === t.disagreeing.value && stated.of === t.compared.value) || `counted ${t.disagreeing.value} of ${t.compared.value}, P9 states ${stated.disagree} of ${stated.of}`;
    },
  },
} as const satisfies Record<string, Conclusion>;

export type ConclusionName = keyof typeof CONCLUSIONS;

export function isConclusionName(name: string): name is ConclusionName {
  return Object.hasOwn(CONCLUSIONS, name);
}

/** Throws, naming the conclusion, when the admitted data no longer supports it. */
export function assertConclusion(a: Audit, name: string): void {
  if (!isConclusionName(name)) throw new Error(`<Holds that="${name}">: no such conclusion in src/derive/conclusions.ts`);
  const c: Conclusion = CONCLUSIONS[name];
  const result = c.check(a);
  if (result !== true) throw new Error(`A sentence on the site states that ${c.states}, and the admitted artifacts no longer support it: ${result}. (conclusion "${name}")`);
}
