/**
 * What each verdict means, in our words: the audit's general gloss for badges, and,
 * per property, what the audit's rule for that property actually tested (its measuring
 * modules' p1..p9 functions, which the claims register cites by line).
 * The general gloss says a VIOLATED property moves a published number; only the
 * rules for P5 and P8 look at whether anything moves, so a property page states
 * its own rule rather than the gloss.
 */
import type { PropertyName } from '../core/names.ts';
import type { Verdict } from '../admission/schemas.ts';

export const VERDICT_MEANING: Record<Verdict, { readonly short: string; readonly long: string }> = {
  VIOLATED: {
    short: 'the property fails',
    long: "The audit's rule for this property found it failing. The audit's README defines VIOLATED as a failure that moves a published number; what this property's rule actually tested is below.",
  },
  LATENT: {
    short: 'fails in the code, moves nothing on this data',
    long: "The property fails as a property of the code, and the audit's rule for it found that nothing it checks moves on the data TRAIL ships.",
  },
  HELD: {
    short: 'the property holds',
    long: "The audit's rule for this property found no failure.",
  },
};

/** Per property: the test the audit's measuring code applies, and what it leaves untested. */
export const RULE_TESTED: Record<PropertyName, string> = {
  P1: "The audit's rule compares the headline predictor, all-spans-all-categories, which reads only span identifiers, with the best row of Table 1, split by split and metric by metric: beating that row on either metric on any split makes the verdict VIOLATED, anything else HELD. It compares against the published figures as printed; it does not re-score any published model.",
  P2: 'The rule looks up every gold location among the span identifiers of the trace it annotates: any location that is not there makes the verdict VIOLATED, none makes it HELD. It counts locations; it does not rescore any judge.',
  P3: 'The rule tries to parse every gold annotation file as JSON: any file that fails makes the verdict VIOLATED, none makes it HELD.',
  P4: 'The rule compares every category spelling the gold uses with the taxonomy labels, exactly: any spelling that is not a label makes the verdict VIOLATED, none makes it HELD. It does not ask whether the normaliser repairs the spelling afterwards.',
  P5: "The rule has three outcomes. HELD if no substring of the labels sits inside more than one label; otherwise VIOLATED if any figure the audit rescored changes when the taxonomy is shuffled with the audit's seed, and LATENT if none does.",
  P6: "The rule asks whether some label is reached by a string shorter than the shortest label (spaces removed): if so the verdict is VIOLATED, if not HELD. It does not measure how often a judge's strings take that path.",
  P7: 'The rule compares the per-category blocks of two predictors that name every category, one on every span and one on a single span: identical blocks on any split make the verdict VIOLATED, different blocks everywhere make it HELD.',
  P8: "The rule has three outcomes. HELD if the constructed runs that carry a null category score no lower joint accuracy than the clean control; otherwise VIOLATED if some real gold error has a null or empty category, and LATENT if none does. It looks at the gold alone: the published judges' outputs are not available to check.",
  P9: "The rule compares every cell of the paper's Table 5 that can be counted in the repository: any cell that differs makes the verdict VIOLATED, none makes it HELD.",
};
