/** The adversarial run's derived leaves: every stored ratio and ceiling, and P2 against the index. */
import { toPointer } from '../admission/pointer.ts';
import { roundPython } from '../core/python-round.ts';
import { compare, statedCount, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const ADV = 'results/adversarial.json' as const;

export const ratiosRederivation: Rederivation = {
  name: 'ratios-and-ceilings',
  title: say('rederive/adversarial.ratiosRederivation.title'),
  explanation: say('rederive/adversarial.ratiosRederivation.explanation'),
  source: 'src/rederive/adversarial.ts',
  properties: ['P1', 'P2'],
  run: (a) => {
    const out: Comparison[] = [];
    for (const [split, s] of Object.entries(a.adversarial.splits)) {
      out.push(
        compare(
          ADV,
          toPointer(['splits', split, 'reachable_ceiling']),
          s.reachable_ceiling,
          roundPython(s.traces_with_gold_errors / s.gold_files_scored, 10),
        ),
      );
      for (const [name, row] of Object.entries(s.predictors)) {
        out.push(
          compare(
            ADV,
            toPointer(['splits', split, 'predictors', name, 'volume_ratio']),
            row.volume_ratio,
            s.gold_errors === 0 ? 0 : roundPython(row.predicted_errors / s.gold_errors, 10),
          ),
        );
      }
    }
    return out;
  },
};

export const absentLocationsRederivation: Rederivation = {
  name: 'absent-locations',
  title: say('rederive/adversarial.absentLocationsRederivation.title'),
  explanation: say('rederive/adversarial.absentLocationsRederivation.explanation'),
  source: 'src/rederive/adversarial.ts',
  properties: ['P2'],
  run: (a) => {
    const out: Comparison[] = [];
    let total = 0;
    for (const [split, s] of Object.entries(a.adversarial.splits)) {
      for (const [trace, locations] of Object.entries(s.locations_off_the_index)) {
        const spans = a.index.splits[split]?.[trace];
        locations.forEach((location, i) => {
          total++;
          out.push(
            compare(
              ADV,
              toPointer(['splits', split, 'locations_off_the_index', trace, i]),
              say('rederive/adversarial.reported'),
              spans === undefined
                ? say('rederive/adversarial.ours')
                : spans.includes(location)
                  ? say('rederive/adversarial.ours-2')
                  : say('rederive/adversarial.ours-3'),
            ),
          );
        });
      }
    }
    const stated = statedCount(a.adversarial.properties['P2']?.magnitude ?? '');
    out.push(compare(ADV, '/properties/P2/magnitude', stated?.[0], total));
    out.push(compare(ADV, '/properties/P2/magnitude', stated?.[1], a.datacheck.vocabulary.errors));
    return out;
  },
};
