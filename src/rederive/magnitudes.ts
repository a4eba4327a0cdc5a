/** The counts the property magnitudes state in words, read back and checked against the data they summarise. */
import { statedCount, type Comparison, type Rederivation } from './types.ts';
import { analyseTaxonomy } from './taxonomy.ts';

export const magnitudesRederivation: Rederivation = {
  name: 'stated-counts',
  title: 'The counts the magnitudes state',
  explanation:
    "Reads the leading count out of P3's, P4's and P5's magnitudes and recounts it: the gold files that parse out of those on disk, the spellings off the taxonomy out of all spellings, and the substrings in more than one label out of all the substrings (recounted from the taxonomy).",
  source: 'src/rederive/magnitudes.ts',
  properties: ['P3', 'P4', 'P5'],
  run: (a) => {
    const out: Comparison[] = [];
    const check = (file: Comparison['file'], name: string, magnitude: string | undefined, ours: [number, number]) => {
      const stated = statedCount(magnitude ?? '');
      out.push({ file, pointer: `/properties/${name}/magnitude`, reported: stated, ours });
    };
    check('results/datacheck.json', 'P3', a.datacheck.properties['P3']?.magnitude, [a.datacheck.gold_files.parsed, a.datacheck.gold_files.on_disk]);
    check('results/datacheck.json', 'P4', a.datacheck.properties['P4']?.magnitude, [a.datacheck.vocabulary.off_taxonomy, a.datacheck.vocabulary.spellings]);
    const { substrings, containing } = analyseTaxonomy(a);
    check('results/normaliser.json', 'P5', a.normaliser.properties['P5']?.magnitude, [substrings.filter((s) => containing.get(s)! > 1).length, substrings.length]);
    return out;
  },
};
