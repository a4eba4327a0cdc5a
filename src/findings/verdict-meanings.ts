/**
 * What each verdict means, in our words, as the audit's measuring modules apply it: a short gloss
 * beside badges, a longer one on a property's page, the rule for the report's key (and the
 * glossary), and, per property, what the audit's rule for that property tested (its p1..p9
 * functions, which the claims register cites by line).
 * The audit's README glosses VIOLATED as a failure that moves a published number; only the rules
 * for P5 and P8 look at whether anything moves, so the pages state the rules, and say where they
 * differ from the gloss.
 */
import type { PropertyName } from '../core/names.ts';
import type { Verdict } from '../admission/schemas.ts';
import { say } from '../core/strings.ts';

export const VERDICT_MEANING: Record<
  Verdict,
  { readonly short: string; readonly long: string; readonly rule: string }
> = {
  VIOLATED: {
    short: 'the property fails',
    long: say('findings/verdict-meanings.VIOLATED.long'),
    rule: say('findings/verdict-meanings.VIOLATED.rule'),
  },
  LATENT: {
    short: say('findings/verdict-meanings.short'),
    long: say('findings/verdict-meanings.LATENT.long'),
    rule: say('findings/verdict-meanings.LATENT.rule'),
  },
  HELD: {
    short: 'the property holds',
    long: say('findings/verdict-meanings.HELD.long'),
    rule: say('findings/verdict-meanings.HELD.rule'),
  },
};

/** Per property: the test the audit's measuring code applies, and what it leaves untested. */
export const RULE_TESTED: Record<PropertyName, string> = {
  P1: say('findings/verdict-meanings.P1'),
  P2: say('findings/verdict-meanings.P2'),
  P3: say('findings/verdict-meanings.P3'),
  P4: say('findings/verdict-meanings.P4'),
  P5: say('findings/verdict-meanings.P5'),
  P6: say('findings/verdict-meanings.P6'),
  P7: say('findings/verdict-meanings.P7'),
  P8: say('findings/verdict-meanings.P8'),
  P9: say('findings/verdict-meanings.P9'),
};

/** The properties whose rule can give LATENT: the audit's README states that condition, not the rest of the rule. */
export const CAN_BE_LATENT: readonly PropertyName[] = ['P5', 'P8'];
