/** From the span index alone: each split's traces and spans, and what the two span-only predictors must emit. */
import { toPointer } from '../admission/pointer.ts';
import { roundPython } from '../core/python-round.ts';
import { compare, pinnedTaxonomy, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const DC = 'results/datacheck.json' as const;
const ADV = 'results/adversarial.json' as const;

export const spansRederivation: Rederivation = {
  name: 'span-index',
  title: say('rederive/spans.title'),
  explanation: say('rederive/spans.explanation'),
  source: 'src/rederive/spans.ts',
  properties: ['P1', 'P2', 'P9'],
  run: (a) => {
    const out: Comparison[] = [];
    const labels = pinnedTaxonomy(a).length;
    for (const [split, traces] of Object.entries(a.index.splits)) {
      const here = a.datacheck.splits[split];
      const adv = a.adversarial.splits[split];
      if (!here || !adv) continue; // the split sets are compared by admission's totals check
      const lists = Object.values(traces);
      out.push(compare(DC, toPointer(['splits', split, 'here', 'traces']), here.here.traces, lists.length));
      out.push(
        compare(
          DC,
          toPointer(['splits', split, 'here', 'spans']),
          here.here.spans,
          lists.reduce((n, l) => n + l.length, 0),
        ),
      );
      const skipped = new Set(adv.walked_past.map((w) => w.trace));
      const distinctPerScoredTrace = Object.entries(traces)
        .filter(([trace]) => !skipped.has(trace))
        .reduce((n, [, spans]) => n + new Set(spans).size, 0);
      const emitted = {
        'every-span-once': distinctPerScoredTrace,
        'all-spans-all-categories': distinctPerScoredTrace * labels,
      } as const;
      for (const [name, predicted] of Object.entries(emitted)) {
        const row = adv.predictors[name];
        if (!row) continue;
        const at = (k: string) => toPointer(['splits', split, 'predictors', name, k]);
        out.push(compare(ADV, at('predicted_errors'), row.predicted_errors, predicted));
        out.push(compare(ADV, at('volume_ratio'), row.volume_ratio, roundPython(predicted / adv.gold_errors, 10)));
      }
    }
    return out;
  },
};
