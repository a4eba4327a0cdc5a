/**
 * The words a newcomer needs, and how to spot each one in running text. The
 * definitions are prose on the report (content/report.mdx, "Words used here");
 * this module names the terms, so a link to one that does not exist fails the build,
 * and the glossary test can find each term's first use on every page.
 */
export const GLOSSARY = {
  trace: /\btraces?\b/i,
  span: /\bspans?\b/i,
  gold: /\bgold\b/i,
  taxonomy: /\btaxonomy\b/i,
  normaliser: /\bnormaliser\b/i,
  'joint-accuracy': /\bjoint accurac(?:y|ies)\b/i,
  'location-accuracy': /\blocation accurac(?:y|ies)\b/i,
  ceiling: /\bceilings?\b/i,
  oracle: /\boracle\b/i,
  predictor: /\bpredictors?\b/i,
  judge: /\bjudges?\b/i,
  split: /\bsplits?\b/i,
  'answer-key': /\banswer key\b/i,
  precision: /\bprecision\b/i,
  recall: /\brecall\b/i,
  'category-f1': /\bcategory F(?:1|-score)\b/i,
  tree: /\bthe tree\b/i,
  'adversarial-run': /\badversarial run\b/i,
  'constructed-trace': /\bconstructed trace\b/i,
  'headline-metrics': /\bheadline metrics?\b/i,
  'null-category': /\bnull categor(?:y|ies)\b/i,
  // Defined in the verdict key on the report (src/components/findings/VerdictList.astro).
  violated: /\bVIOLATED\b/,
  latent: /\bLATENT\b/,
  held: /\bHELD\b/,
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;
export const GLOSSARY_TERMS = Object.keys(GLOSSARY) as GlossaryTerm[];

export function isGlossaryTerm(t: string): t is GlossaryTerm {
  return Object.hasOwn(GLOSSARY, t);
}

/** The anchor of a term's definition on the report. */
export function glossaryAnchor(t: GlossaryTerm): string {
  return `glossary-${t}`;
}
