/** P8's three runs, rescored by our reimplementation of the scorer's pairing on the constructed trace. */
import { toPointer } from '../admission/pointer.ts';
import { scoreTrace } from './scorer/metrics.ts';
import { compare, pinnedTaxonomy, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const F = 'results/pairing.json' as const;

export const pairingRederivation: Rederivation = {
  name: 'pairing',
  title: 'The null-category runs, rescored',
  explanation: say('rederive/pairing.explanation'),
  source: 'src/rederive/pairing.ts',
  properties: ['P8'],
  run: (a) => {
    const taxonomy = pinnedTaxonomy(a);
    const all = a.pairing.constructed_trace.errors;
    const clean = all.filter((e) => e.category);
    const out: Comparison[] = [];
    a.pairing.runs.forEach((run, i) => {
      const score = scoreTrace(run.gold_has_null ? all : clean, run.prediction_has_null ? all : clean, taxonomy);
      out.push(compare(F, toPointer(['runs', i, 'joint_accuracy']), run.joint_accuracy, score.joint));
      out.push(compare(F, toPointer(['runs', i, 'location_accuracy']), run.location_accuracy, score.location));
    });
    return out;
  },
};
