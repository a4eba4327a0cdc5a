/** The nine pre-registered properties and their verdicts, in one grid. */
import { say } from '../../core/strings.ts';
import { keyWords, leaf } from '../../provenance/provenance.ts';
import { toPointer } from '../../admission/pointer.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { verdictsTable } from '../../tables/site.ts';

export const conditions = {
  id: 'conditions',
  title: say('findings/descriptors/conditions.title'),
  properties: [],
  indexedOnPropertyPages: true,
  evidence: (a) => {
    // The two magnitudes whose figures a reader would otherwise set against different ones on the pages.
    const fig = (
      file: 'results/adversarial.json' | 'results/datacheck.json' | 'results/normaliser.json',
      at: string,
    ) => ({
      fig: leaf(a, file, at, 'count'),
    });
    return [
      {
        table: verdictsTable(a),
        note: [
          say('findings/descriptors/conditions.note'),
          fig('results/datacheck.json', '/gold_files/parsed'),
          say('findings/descriptors/conditions.p3'),
          ...Object.keys(a.adversarial.splits).flatMap((split, i) => [
            ...(i > 0 ? [', '] : []),
            { words: keyWords('results/adversarial.json', toPointer(['splits', split])), as: 'name' as const },
            ' ',
            fig('results/adversarial.json', toPointer(['splits', split, 'gold_files_scored'])),
          ]),
          say('findings/descriptors/conditions.p5'),
          fig('results/normaliser.json', '/order_dependent/count'),
          say('findings/descriptors/conditions.p5-moved'),
          fig('results/normaliser.json', '/order_dependent/moved_under_the_shuffle'),
          say('findings/descriptors/conditions.p5-end'),
        ],
      },
    ];
  },
} as const satisfies FindingDescriptor;
