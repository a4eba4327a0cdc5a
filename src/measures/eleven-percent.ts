/** The abstract's combined figure against Table 1's cells: the plain mean of the best joint accuracies, two weighted. */
import type { Audit } from '../audit/assemble.ts';
import { derived, leaf, ref } from '../provenance/provenance.ts';
import { PAPER_FIGURES } from '../provenance/paper.ts';
import { toPointer } from '../admission/pointer.ts';
import { splitNames } from './splits.ts';
import { toFixedPython } from '../core/python-round.ts';

const adv = (...path: string[]) => ref('results/adversarial.json', toPointer(path));

export function elevenPercent(audit: Audit) {
  const splits = splitNames(audit);
  const best = splits.map((split) => ({
    split,
    value: leaf(
      audit,
      'results/adversarial.json',
      toPointer(['splits', split, 'best_published', 'joint_accuracy', 'value']),
      'score',
    ),
  }));
  const values = best.map((b) => b.value.value);
  const bestInputs = splits.map((s) => adv('splits', s, 'best_published', 'joint_accuracy', 'value'));
  const weighted = (key: 'gold_files_scored' | 'gold_errors') => {
    const weights = splits.map((s) => audit.adversarial.splits[s]![key]);
    const total = weights.reduce((a, b) => a + b, 0);
    return values.reduce((sum, v, i) => sum + v * weights[i]!, 0) / total;
  };
  // The abstract's figure: from the artifact when it records it (newer audit revisions), else from the cited paper source.
  const recorded = audit.adversarial.paper_prose?.combined_joint;
  if (recorded !== undefined && recorded !== PAPER_FIGURES.combinedJoint.value) {
    throw new Error(
      `results/adversarial.json#/paper_prose/combined_joint is ${recorded}, the paper source says ${PAPER_FIGURES.combinedJoint.value}`,
    );
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    combined:
      recorded === undefined
        ? PAPER_FIGURES.combinedJoint
        : leaf(audit, 'results/adversarial.json', '/paper_prose/combined_joint', 'percent'),
    best,
    // Two places: the mean of two three-place scores is exact there, so a reader's sum by hand agrees with it.
    plainMean: derived('eleven-percent/plain-mean', mean, 'percent2', bestInputs),
    // Rounded as a value, so a CSV holds the rounded number, not the mean.
    plainMeanRounded: derived(
      'eleven-percent/plain-mean-rounded',
      Number(toFixedPython(mean * 100, 0)) / 100,
      'percent',
      bestInputs,
    ),
    byFiles: derived('eleven-percent/weighted-by-files', weighted('gold_files_scored'), 'percent1', [
      ...bestInputs,
      ...splits.map((s) => adv('splits', s, 'gold_files_scored')),
    ]),
    byErrors: derived('eleven-percent/weighted-by-errors', weighted('gold_errors'), 'percent1', [
      ...bestInputs,
      ...splits.map((s) => adv('splits', s, 'gold_errors')),
    ]),
  };
}
