/** What the reference predictors must score, and measurements one artifact reports again from another. */
import { toPointer } from '../admission/pointer.ts';
import { HEADLINE_PREDICTOR } from '../core/names.ts';
import { compare, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const NORM = 'results/normaliser.json' as const;
const CATF1 = 'results/catf1.json' as const;

const ADV = 'results/adversarial.json' as const;

export const referenceRederivation: Rederivation = {
  name: 'reference-predictors',
  title: say('rederive/reference.title'),
  explanation: say('rederive/reference.explanation'),
  source: 'src/rederive/reference.ts',
  properties: ['P1', 'P2', 'P3', 'P5', 'P7', 'P9'],
  run: (a) => {
    const out: Comparison[] = [];
    for (const [split, s] of Object.entries(a.adversarial.splits)) {
      const p = s.predictors;
      const at = (name: string, k: string) => toPointer(['splits', split, 'predictors', name, k]);
      const expect = (name: string, k: keyof NonNullable<(typeof p)[string]>, ours: unknown) => {
        const row = p[name];
        if (row) out.push(compare(ADV, at(name, k), row[k], ours));
      };
      for (const k of [
        'joint_accuracy',
        'location_accuracy',
        'joint_precision',
        'location_precision',
        'predicted_errors',
      ] as const)
        expect('silent', k, 0);
      for (const k of ['joint_accuracy', 'location_accuracy', 'joint_precision', 'location_precision'] as const)
        expect('gold-exact', k, s.reachable_ceiling);
      expect('gold-exact', 'predicted_errors', s.gold_errors);
      expect('gold-mispaired', 'predicted_errors', s.gold_errors);
      expect('gold-mispaired', 'location_accuracy', s.reachable_ceiling);
      expect('gold-mispaired', 'location_precision', s.reachable_ceiling);
      expect('gold-spans-all-categories', 'location_accuracy', s.reachable_ceiling);
      expect('gold-spans-all-categories', 'location_precision', s.reachable_ceiling);
      const esOnce = p['every-span-once'];
      if (esOnce) {
        expect(HEADLINE_PREDICTOR, 'location_accuracy', esOnce.location_accuracy);
        expect(HEADLINE_PREDICTOR, 'location_precision', esOnce.location_precision);
      }
      out.push(
        compare(
          ADV,
          toPointer(['splits', split, 'gold_files_scored']),
          s.gold_files_scored,
          s.gold_files - s.walked_past.length,
        ),
      );
      const dc = a.datacheck.splits[split];
      if (dc)
        out.push(
          compare(
            'results/datacheck.json',
            toPointer(['splits', split, 'here', 'traces_with_errors']),
            dc.here.traces_with_errors,
            s.traces_with_gold_errors,
          ),
        );
    }
    // catf1 and the normaliser's pinned rescoring report rows the adversarial run reported first.
    a.catf1.rows.forEach((row, i) => {
      const adv = a.adversarial.splits[row.split]?.predictors[row.predictor];
      if (!adv) return;
      out.push(compare(CATF1, toPointer(['rows', i, 'joint_accuracy']), row.joint_accuracy, adv.joint_accuracy));
      out.push(
        compare(CATF1, toPointer(['rows', i, 'location_accuracy']), row.location_accuracy, adv.location_accuracy),
      );
    });
    a.normaliser.shuffle.scores.forEach((row, i) => {
      const adv = a.adversarial.splits[row.split]?.predictors[row.predictor];
      out.push(
        compare(
          NORM,
          toPointer(['shuffle', 'scores', i, 'joint_accuracy', 'pinned']),
          row.joint_accuracy.pinned,
          adv?.joint_accuracy,
        ),
      );
      out.push(
        compare(
          NORM,
          toPointer(['shuffle', 'scores', i, 'location_accuracy', 'pinned']),
          row.location_accuracy.pinned,
          adv?.location_accuracy,
        ),
      );
    });
    const moved = a.normaliser.shuffle.scores.flatMap((r) => [
      ...(r.joint_accuracy.pinned !== r.joint_accuracy.shuffled ? [`${r.split} ${r.predictor} joint_accuracy`] : []),
      ...(r.location_accuracy.pinned !== r.location_accuracy.shuffled
        ? [`${r.split} ${r.predictor} location_accuracy`]
        : []),
    ]);
    out.push(
      compare(NORM, '/shuffle/figures_that_moved', a.normaliser.shuffle.figures_that_moved.length, moved.length),
    );
    return out;
  },
};
