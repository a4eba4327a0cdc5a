/** All nine verdicts, by the rules of the audit's measuring code as our reading of it records them (src/findings/verdict-meanings.ts), from recomputed inputs where we have them. */
import type { Artifacts } from '../admission/types.ts';
import { artifactAt } from '../admission/artifacts.ts';
import { toPointer } from '../admission/pointer.ts';
import type { Verdict } from '../admission/schemas.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { squash } from './scorer/normalize.ts';
import { analyseTaxonomy } from './taxonomy.ts';
import { scoreTrace } from './scorer/metrics.ts';
import { identicalBlocks } from './catf1.ts';
import { table5Disagreements } from './table5.ts';
import type { Comparison, Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const ONE_SPAN = 'one-span-all-categories';

export function verdictsByRule(a: Artifacts): Record<string, Verdict> {
  const splits = Object.values(a.adversarial.splits);
  const { taxonomy, substrings, reaches, containing } = analyseTaxonomy(a);

  const p1 = splits.some((s) => {
    const h = s.predictors[HEADLINE_PREDICTOR];
    return (
      h !== undefined &&
      (h.joint_accuracy > s.best_published.joint_accuracy.value ||
        h.location_accuracy > s.best_published.location_accuracy.value)
    );
  });
  const p2 = splits.some((s) => Object.values(s.locations_off_the_index).some((l) => l.length > 0));
  const p3 = a.datacheck.gold_files.parsed < a.datacheck.gold_files.on_disk;
  const p4 = a.datacheck.vocabulary.off_taxonomy > 0;

  const ambiguous = substrings.some((s) => containing.get(s)! > 1);
  const moved =
    a.normaliser.shuffle.figures_that_moved.length > 0 ||
    a.normaliser.shuffle.scores.some(
      (r) =>
        r.joint_accuracy.pinned !== r.joint_accuracy.shuffled ||
        r.location_accuracy.pinned !== r.location_accuracy.shuffled,
    );
  const p5: Verdict = !ambiguous ? 'HELD' : moved ? 'VIOLATED' : 'LATENT';

  const shortestLabel = Math.min(...taxonomy.map((l) => squash(l).length));
  const p6 = substrings.some((s) => s.length < shortestLabel && taxonomy.includes(reaches.get(s)!));

  const p7 = identicalBlocks(a, [HEADLINE_PREDICTOR, ONE_SPAN]).length > 0;

  const all = a.pairing.constructed_trace.errors;
  const clean = all.filter((e) => e.category);
  const control = scoreTrace(clean, clean, taxonomy).joint;
  const nullRunsHold = a.pairing.runs
    .filter((r) => r.gold_has_null || r.prediction_has_null)
    .every(
      (r) => scoreTrace(r.gold_has_null ? all : clean, r.prediction_has_null ? all : clean, taxonomy).joint >= control,
    );
  const p8: Verdict = nullRunsHold ? 'HELD' : a.pairing.on_the_real_gold.falsy_categories > 0 ? 'VIOLATED' : 'LATENT';

  const p9 = table5Disagreements(a).disagreeing > 0;

  const v = (b: boolean): Verdict => (b ? 'VIOLATED' : 'HELD');
  return { P1: v(p1), P2: v(p2), P3: v(p3), P4: v(p4), P5: p5, P6: v(p6), P7: v(p7), P8: p8, P9: v(p9) };
}

const FILE_OF = {
  P1: 'results/adversarial.json',
  P2: 'results/adversarial.json',
  P3: 'results/datacheck.json',
  P4: 'results/datacheck.json',
  P5: 'results/normaliser.json',
  P6: 'results/normaliser.json',
  P7: 'results/catf1.json',
  P8: 'results/pairing.json',
  P9: 'results/datacheck.json',
} as const;

export const verdictsRederivation: Rederivation = {
  name: 'verdicts',
  title: say('rederive/verdicts.title'),
  explanation: say('rederive/verdicts.explanation'),
  source: 'src/rederive/verdicts.ts',
  properties: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'],
  run: (a) => {
    const ours = verdictsByRule(a);
    return (Object.keys(FILE_OF) as (keyof typeof FILE_OF)[]).map((name): Comparison => {
      const file = FILE_OF[name];
      const reported = (artifactAt(a, file).properties as Record<string, { verdict: string } | undefined>)[name]
        ?.verdict;
      return { file, pointer: toPointer(['properties', name, 'verdict']), reported, ours: ours[name] };
    });
  },
};
