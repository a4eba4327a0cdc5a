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
  'SignedManifest',
  'SiteSource',
  'RederivationList',
  'ConclusionList',
  'FigureCensus',
  'VerdictList',
] as const;
export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/** The components that write a figure: what they render must stand apart from the words beside it, or it reads as one number with them (P1 and 0.973 as "P10.973"). */
export const MDX_FIGURE_COMPONENTS: ReadonlySet<string> = new Set<MdxComponentName>([
  'Leaf',
  'Derived',
  'ScorerLines',
  'HeadlinePredictor',
]);

/** The attributes the prose may give each component: the ones it reads from the prose. Any other would reach its props unchecked. */
export const MDX_COMPONENT_ATTRIBUTES: Readonly<Record<MdxComponentName, readonly string[]>> = {
  h1: [],
  h2: [],
  h3: [],
  Leaf: ['at', 'as'],
  Derived: ['name'],
  ScorerLines: ['at'],
  Finding: ['id'],
  FindingEvidence: ['of', 'kind'],
  Holds: ['that'],
  Term: ['of'],
  PreRegistrationLink: [],
  Sources: [],
  HeadlinePredictor: [],
  PinBlock: [],
  AdmissionChecks: [],
  ArtifactTable: [],
  SignedManifest: [],
  SiteSource: [],
  RederivationList: [],
  ConclusionList: [],
  FigureCensus: [],
  VerdictList: [],
};
