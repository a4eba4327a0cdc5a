/**
 * Everything prose in content/ may use, handed to each MDX file by the page that
 * renders it. The MDX source check reads mdx-component-names.ts; the type below keeps the two equal.
 */
import Leaf from './figures/Leaf.astro';
import Derived from './figures/Derived.astro';
import Said from './figures/Said.astro';
import ScorerLines from './figures/ScorerLines.astro';
import Finding from './ui/Finding.astro';
import Holds from './ui/Holds.astro';
import Term from './ui/Term.astro';
import PreRegistrationLink from './findings/PreRegistrationLink.astro';
import Sources from './findings/Sources.astro';
import H1 from './ui/H1.astro';
import H2 from './ui/H2.astro';
import H3 from './ui/H3.astro';
import TeaserTable from './findings/TeaserTable.astro';
import VerdictGrid from './findings/VerdictGrid.astro';
import ElevenPercentTable from './findings/ElevenPercentTable.astro';
import HeadlineTables from './findings/HeadlineTables.astro';
import CeilingTable from './findings/CeilingTable.astro';
import AbsentLocations from './findings/AbsentLocations.astro';
import PrecisionTable from './findings/PrecisionTable.astro';
import UnreadableGold from './findings/UnreadableGold.astro';
import DriftTable from './findings/DriftTable.astro';
import ContainmentPair from './findings/ContainmentPair.astro';
import ShortestReaching from './findings/ShortestReaching.astro';
import ProbesTable from './findings/ProbesTable.astro';
import ShuffleTables from './findings/ShuffleTables.astro';
import PerCategoryTable from './findings/PerCategoryTable.astro';
import PerCategoryBlocks from './findings/PerCategoryBlocks.astro';
import NullCategory from './findings/NullCategory.astro';
import Table5 from './findings/Table5.astro';
import PinBlock from './findings/PinBlock.astro';
import CommittedFiles from './findings/CommittedFiles.astro';
import HeadlinePredictor from './findings/HeadlinePredictor.astro';
import AdmissionChecks from './findings/AdmissionChecks.astro';
import ArtifactTable from './findings/ArtifactTable.astro';
import RederivationList from './findings/RederivationList.astro';
import ConclusionList from './findings/ConclusionList.astro';
import FigureCensus from './findings/FigureCensus.astro';
import Charts from './findings/Charts.astro';

import type { MdxComponentName } from './mdx-component-names.ts';

export const MDX_COMPONENTS = {
  h1: H1,
  h2: H2,
  h3: H3,
  Leaf,
  Derived,
  Said,
  ScorerLines,
  Finding,
  Holds,
  Term,
  PreRegistrationLink,
  Sources,
  HeadlinePredictor,
  TeaserTable,
  VerdictGrid,
  ElevenPercentTable,
  HeadlineTables,
  CeilingTable,
  AbsentLocations,
  PrecisionTable,
  UnreadableGold,
  DriftTable,
  ContainmentPair,
  ShortestReaching,
  ProbesTable,
  ShuffleTables,
  PerCategoryTable,
  PerCategoryBlocks,
  NullCategory,
  Table5,
  PinBlock,
  CommittedFiles,
  AdmissionChecks,
  ArtifactTable,
  RederivationList,
  ConclusionList,
  FigureCensus,
  Charts,
} satisfies Record<MdxComponentName, unknown>;
