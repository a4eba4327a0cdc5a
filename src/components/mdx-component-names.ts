/** The tags prose may use; mdx-components.ts must provide exactly these (checked by its type). */
export const MDX_COMPONENT_NAMES = [
  'h1',
  'h2',
  'h3',
  'Leaf',
  'Derived',
  'ScorerLines',
  'Finding',
  'FindingEvidence',
  'Holds',
  'Term',
  'PreRegistrationLink',
  'Sources',
  'HeadlinePredictor',
  'PinBlock',
  'AdmissionChecks',
  'ArtifactTable',
  'RederivationList',
  'ConclusionList',
  'FigureCensus',
] as const;
export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];
