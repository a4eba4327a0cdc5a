/** The claim in one table: the headline predictor against the best published row and the ceiling, on the first split. */
import { toPointer } from '../../admission/pointer.ts';
import { firstSplit } from '../../measures/splits.ts';
import { keyWords, leaf } from '../../provenance/provenance.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { teaserTable } from '../../tables/adversarial.ts';
import { say } from '../../core/strings.ts';

const F = 'results/adversarial.json' as const;

export const teaser = {
  id: 'teaser',
  title: say('findings/descriptors/teaser.title'),
  properties: ['P1'],
  evidence: (a) => {
    const base = ['splits', firstSplit(a)] as const;
    return [
      {
        table: teaserTable(a),
        caption: [
          '(',
          { words: keyWords(F, toPointer(base)), as: 'name' },
          ', ',
          { fig: leaf(a, F, toPointer([...base, 'gold_files_scored']), 'integer') },
          ' gold files, ',
          { fig: leaf(a, F, toPointer([...base, 'gold_errors']), 'integer') },
          ' gold errors)',
        ],
      },
    ];
  },
} as const satisfies FindingDescriptor;
