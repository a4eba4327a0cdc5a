/**
 * Every split of results/adversarial.json names the same predictors: the site sets the
 * splits side by side, predictor by predictor (the headline tables, the precision table,
 * the conclusions), so a predictor one split lacks would reach a page as a reference to
 * nothing. Refused here, at admission, so `npm run verify` and the build refuse it alike.
 */
import { AdmissionError } from './errors.ts';
import { toPointer } from './pointer.ts';
import type { Adversarial } from './schemas.ts';

export function checkPredictorSets(adversarial: Adversarial): void {
  const splits = Object.entries(adversarial.splits);
  const all = [...new Set(splits.flatMap(([, s]) => Object.keys(s.predictors)))];
  for (const [split, s] of splits) {
    for (const name of all) {
      if (Object.hasOwn(s.predictors, name)) continue;
      const having = splits.filter(([, t]) => Object.hasOwn(t.predictors, name)).map(([n]) => n);
      throw new AdmissionError(
        'totals',
        'results/adversarial.json',
        toPointer(['splits', split, 'predictors', name]),
        `the same predictors on every split (${having.join(', ')} name ${JSON.stringify(name)})`,
        `no predictor ${JSON.stringify(name)} on ${split}`,
      );
    }
  }
}
