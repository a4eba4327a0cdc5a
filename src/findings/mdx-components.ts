/**
 * Everything prose in content/ may use, handed to each MDX file by the page that
 * renders it. The MDX source check reads mdx-component-names.ts; the type below keeps the two equal.
 */
import Leaf from '../components/figures/Leaf.astro';
import Derived from '../components/figures/Derived.astro';
import Said from '../components/figures/Said.astro';
import ScorerLines from '../components/figures/ScorerLines.astro';
import Finding from '../components/ui/Finding.astro';
import Holds from '../components/ui/Holds.astro';
import H1 from '../components/ui/H1.astro';
import H2 from '../components/ui/H2.astro';
import H3 from '../components/ui/H3.astro';
import TeaserTable from '../components/findings/TeaserTable.astro';
import VerdictGrid from '../components/findings/VerdictGrid.astro';
import ElevenPercentTable from '../components/findings/ElevenPercentTable.astro';
import HeadlineTables from '../components/findings/HeadlineTables.astro';
import CeilingTable from '../components/findings/CeilingTable.astro';
import AbsentLocations from '../components/findings/AbsentLocations.astro';
import PrecisionTable from '../components/findings/PrecisionTable.astro';
import UnreadableGold from '../components/findings/UnreadableGold.astro';
import DriftTable from '../components/findings/DriftTable.astro';
import ContainmentPair from '../components/findings/ContainmentPair.astro';
import ShortestReaching from '../components/findings/ShortestReaching.astro';
import ProbesTable from '../components/findings/ProbesTable.astro';
import ShuffleTables from '../components/findings/ShuffleTables.astro';
import PerCategoryTable from '../components/findings/PerCategoryTable.astro';
import PerCategoryBlocks from '../components/findings/PerCategoryBlocks.astro';
import NullCategory from '../components/findings/NullCategory.astro';
import Table5 from '../components/findings/Table5.astro';
import PinBlock from '../components/findings/PinBlock.astro';
import CommittedFiles from '../components/findings/CommittedFiles.astro';
import HeadlinePredictor from '../components/findings/HeadlinePredictor.astro';
import AdmissionChecks from '../components/findings/AdmissionChecks.astro';
import ArtifactTable from '../components/findings/ArtifactTable.astro';
import RederivationList from '../components/findings/RederivationList.astro';
import ConclusionList from '../components/findings/ConclusionList.astro';
import FigureCensus from '../components/findings/FigureCensus.astro';
import Charts from '../components/findings/Charts.astro';

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
