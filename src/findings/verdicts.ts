/** What each verdict means, in our words, for badges and property pages. */
import type { Verdict } from '../admission/schemas.ts';

export const VERDICT_MEANING: Record<Verdict, { readonly short: string; readonly long: string }> = {
  VIOLATED: {
    short: 'fails, and a published number moves',
    long: 'The property fails on TRAIL as published, and at least one number the paper reports changes because of it.',
  },
  LATENT: {
    short: 'fails in the code, moves nothing on this data',
    long: 'The scorer does not have this property, but on the data TRAIL ships no published number changes because of it. It would bite anyone who reuses the code on other data.',
  },
  HELD: {
    short: 'holds',
    long: 'The property holds: the audit looked for the failure and did not find it.',
  },
};
