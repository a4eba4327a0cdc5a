/**
 * Everything prose in content/ may use, handed to each MDX file by the page that
 * renders it. The MDX source check reads mdx-component-names.ts; the type below keeps the two equal.
 */
import Leaf from './figures/Leaf.astro';
import Derived from './figures/Derived.astro';
import ScorerLines from './figures/ScorerLines.astro';
import Finding from './ui/Finding.astro';
import FindingEvidence from './findings/FindingEvidence.astro';
import Holds from './ui/Holds.astro';
import Term from './ui/Term.astro';
import PreRegistrationLink from './findings/PreRegistrationLink.astro';
import Sources from './findings/Sources.astro';
import H1 from './ui/H1.astro';
import H2 from './ui/H2.astro';
import H3 from './ui/H3.astro';
import PinBlock from './findings/PinBlock.astro';
import HeadlinePredictor from './findings/HeadlinePredictor.astro';
import AdmissionChecks from './findings/AdmissionChecks.astro';
import ArtifactTable from './findings/ArtifactTable.astro';
import SignedManifest from './ui/SignedManifest.astro';
import SiteSource from './ui/SiteSource.astro';
import RederivationList from './findings/RederivationList.astro';
import ConclusionList from './findings/ConclusionList.astro';
import FigureCensus from './findings/FigureCensus.astro';
import VerdictList from './findings/VerdictList.astro';

import type { MdxComponentName } from './mdx-component-names.ts';

export const MDX_COMPONENTS = {
  h1: H1,
  h2: H2,
  h3: H3,
  Leaf,
  Derived,
  ScorerLines,
  Finding,
  FindingEvidence,
  Holds,
  Term,
  PreRegistrationLink,
  Sources,
  HeadlinePredictor,
  PinBlock,
  AdmissionChecks,
  ArtifactTable,
  SignedManifest,
  SiteSource,
  RederivationList,
  ConclusionList,
  FigureCensus,
  VerdictList,
} satisfies Record<MdxComponentName, unknown>;
