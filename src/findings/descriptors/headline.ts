/** Every predictor on every split, then the same as a chart per split. */
import { toPointer } from '../../admission/pointer.ts';
import { volumeChart } from '../../charts/charts.ts';
import { splitNames } from '../../measures/splits.ts';
import { keyWords, leaf, words } from '../../provenance/provenance.ts';
import type { EvidenceItem, FindingDescriptor } from './descriptor.ts';
import { headlineTable } from '../../tables/adversarial.ts';
import { say } from '../../core/strings.ts';
import type { Audit } from '../../audit/assemble.ts';

const F = 'results/adversarial.json' as const;

export const headline = {
  id: 'headline',
  title: say('findings/descriptors/headline.title'),
  properties: ['P1', 'P2'],
  evidence: (a) => [
    ...splitNames(a).map((split): EvidenceItem => {
      const base = ['splits', split] as const;
      return {
        table: headlineTable(a, split),
        split: keyWords(F, toPointer(base)),
        caption: [
          'on ',
          { words: keyWords(F, toPointer(base)), as: 'name' },
          ': ',
          { fig: leaf(a, F, toPointer([...base, 'gold_files_scored']), 'integer') },
          ' of ',
          { fig: leaf(a, F, toPointer([...base, 'gold_files']), 'integer') },
          ' gold files scored, ',
          { fig: leaf(a, F, toPointer([...base, 'gold_errors']), 'integer') },
          say('findings/descriptors/headline.gold-errors'),
        ],
        note: [
          say('findings/descriptors/headline.note'),
          ...bestModels(a, base),
          { words: words(a, F, '/table_1') },
          '.',
        ],
      };
    }),
    ...splitNames(a).map((split): EvidenceItem => ({ chart: volumeChart(a, split) })),
  ],
} as const satisfies FindingDescriptor;

/** The best published model of each column, named once when one model leads both. */
function bestModels(a: Audit, base: readonly string[]) {
  const model = (column: string) => toPointer([...base, 'best_published', column, 'model']);
  const joint = { words: words(a, F, model('joint_accuracy')), as: 'name' } as const;
  const location = { words: words(a, F, model('location_accuracy')), as: 'name' } as const;
  if (joint.words.text === location.words.text) return [joint, say('findings/descriptors/headline.note-both')];
  return [
    joint,
    say('findings/descriptors/headline.note-joint'),
    location,
    say('findings/descriptors/headline.note-2'),
  ];
}
