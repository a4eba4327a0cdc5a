/**
 * Every figure the nine magnitudes state in words, read back out of the text and
 * recomputed from the leaves (or our re-derivations) that determine it. A magnitude
 * is authored text; a figure inside it that disagrees with the data stops admission.
 */
import { artifactAt } from '../admission/artifacts.ts';
import type { Artifacts } from '../admission/types.ts';
import type { ArtifactPath } from '../admission/schemas.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { toFixedPython } from '../core/python-round.ts';
import { identicalBlocks } from './catf1.ts';
import { scoreTrace } from './scorer/metrics.ts';
import { normalizeCategory, squash } from './scorer/normalize.ts';
import { table5Disagreements } from './table5.ts';
import { analyseTaxonomy } from './taxonomy.ts';
import type { Comparison, Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const;

/**
 * A figure in a magnitude: a number written in digits (thousands grouped by commas,
 * decimals after a point), not part of a word or of a name such as "Table 5", "slice 2"
 * or "line 157"; or an abbreviated commit (7 to 40 hex digits, at least one a letter and one a digit).
 */
const DIGITS =
  /(?<![\w.,])(?<!\b(?:Table|Figure|Section|section|slice|line|lines) )(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\w)/g;
const COMMIT = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g;

/** The figures a magnitude spells out in words, where the sentence gives them: the capture is the figure. */
const SPELLED: Readonly<Record<string, readonly RegExp[]>> = {
  P6: [/\bof them by (\w+)\s*$/],
  P8: [/^(\w+) null categor/],
};

interface Token {
  readonly text: string;
  readonly index: number;
}

/** The figures inside property `name`'s magnitude, in the order the text gives them. */
export function magnitudeFigures(name: string, magnitude: string): Token[] {
  const found: Token[] = [];
  for (const re of [DIGITS, COMMIT]) for (const m of magnitude.matchAll(re)) found.push({ text: m[0], index: m.index });
  for (const re of SPELLED[name] ?? []) {
    const m = re.exec(magnitude);
    if (m?.[1] !== undefined) found.push({ text: m[1], index: m.index + m[0].indexOf(m[1]) });
  }
  return found.sort((x, y) => x.index - y.index);
}

const count = (n: number): string => (Number.isFinite(n) ? n.toLocaleString('en-US') : String(n));
const score = (x: number | undefined): string => (x === undefined ? 'no such score' : toFixedPython(x, 3));
const spelled = (n: number): string => WORDS[n] ?? count(n);

/** The artifacts that state properties (all but the span index). */
type PropertyFile = Exclude<ArtifactPath, 'index/spans.json'>;

/** For each property: the file that states its magnitude, and the figures it must state, in order. */
export function expectedFigures(a: Artifacts): Record<string, { file: PropertyFile; figures: string[] }> {
  const splits = Object.entries(a.adversarial.splits);
  const { taxonomy, substrings, reaches, containing } = analyseTaxonomy(a);
  const v = a.datacheck.vocabulary;
  const n = a.normaliser;

  const p1 = splits.flatMap(([, s]) => {
    const h = s.predictors[HEADLINE_PREDICTOR];
    return [
      score(h?.joint_accuracy),
      score(s.best_published.joint_accuracy.value),
      score(h?.location_accuracy),
      score(s.best_published.location_accuracy.value),
    ];
  });

  const offIndex = splits.reduce(
    (sum, [, s]) => sum + Object.values(s.locations_off_the_index).reduce((t, l) => t + l.length, 0),
    0,
  );

  const ambiguous = substrings.filter((s) => containing.get(s)! > 1);
  const rescored = n.shuffle.scores.flatMap((r) => [r.joint_accuracy, r.location_accuracy]);

  // The shortest string reaching each label (Infinity for a label nothing reaches).
  const shortest = new Map<string, number>(taxonomy.map((l) => [l, Infinity]));
  for (const s of substrings) {
    const label = reaches.get(s)!;
    if (shortest.has(label)) shortest.set(label, Math.min(shortest.get(label)!, s.length));
  }
  const lengths = [...shortest.values()];
  const least = Math.min(...lengths);

  const [x, y] = a.catf1.differ_only_in_where;
  const row = (split: string, predictor: string) =>
    a.catf1.rows.find((r) => r.split === split && r.predictor === predictor);
  const p7 = identicalBlocks(a, [x, y]).flatMap((split) => [
    count(Object.keys(row(split, x)?.per_category ?? {}).length),
    score(row(split, x)?.location_accuracy),
    score(row(split, y)?.location_accuracy),
  ]);

  const errors = a.pairing.constructed_trace.errors;
  const clean = errors.filter((e) => e.category);
  const control = scoreTrace(clean, clean, taxonomy).joint;
  const goldNull = scoreTrace(errors, clean, taxonomy).joint;

  const t5 = table5Disagreements(a);
  return {
    P1: { file: 'results/adversarial.json', figures: p1 },
    P2: { file: 'results/adversarial.json', figures: [count(offIndex), count(v.errors)] },
    P3: {
      file: 'results/datacheck.json',
      figures: [
        count(a.datacheck.gold_files.parsed),
        count(a.datacheck.gold_files.on_disk),
        count(a.datacheck.gold_files.parsed),
      ],
    },
    P4: {
      file: 'results/datacheck.json',
      figures: [
        count(n.gold_drift.length),
        count(v.spellings),
        count(n.gold_drift.reduce((s, d) => s + d.errors, 0)),
        count(v.errors),
      ],
    },
    P5: {
      file: 'results/normaliser.json',
      figures: [
        count(ambiguous.length),
        count(substrings.length),
        count(ambiguous.filter((s) => normalizeCategory(s, n.shuffle.taxonomy).value !== reaches.get(s)).length),
        String(n.shuffle.seed),
        count(rescored.filter((f) => f.pinned !== f.shuffled).length),
        count(rescored.length),
      ],
    },
    P6: {
      file: 'results/normaliser.json',
      figures: [
        count(Math.min(...taxonomy.map((l) => squash(l).length))),
        count(taxonomy.length),
        count(Math.max(...lengths)),
        count(lengths.filter((l) => l === least).length),
        spelled(least),
      ],
    },
    P7: { file: 'results/catf1.json', figures: p7 },
    P8: {
      file: 'results/pairing.json',
      figures: [
        spelled(errors.length - clean.length),
        score(control),
        score(goldNull),
        count(a.pairing.on_the_real_gold.falsy_categories),
        count(a.pairing.on_the_real_gold.gold_errors),
      ],
    },
    P9: {
      file: 'results/datacheck.json',
      figures: [count(t5.disagreeing), count(t5.compared), a.datacheck.pinned_commit.slice(0, 12)],
    },
  };
}

export const magnitudesRederivation: Rederivation = {
  name: 'magnitude-figures',
  title: say('rederive/magnitudes.title'),
  explanation: say('rederive/magnitudes.explanation'),
  source: 'src/rederive/magnitudes.ts',
  properties: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'],
  run: (a) => {
    const out: Comparison[] = [];
    for (const [name, { file, figures }] of Object.entries(expectedFigures(a))) {
      const magnitude =
        (artifactAt(a, file).properties as Record<string, { magnitude: string } | undefined>)[name]?.magnitude ?? '';
      out.push({
        file,
        pointer: `/properties/${name}/magnitude`,
        reported: magnitudeFigures(name, magnitude).map((t) => t.text),
        ours: figures,
      });
    }
    return out;
  },
};
