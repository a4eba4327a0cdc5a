/** What a finding is: id, title, the properties it bears on, and its evidence as data (registry.ts lists them). */
import type { Audit } from '../../audit/assemble.ts';
import type { ChartSpec } from '../../charts/charts.ts';
import type { PropertyName } from '../../core/names.ts';
import type { Figure, Words } from '../../provenance/provenance.ts';
import type { TableSpec } from '../../tables/spec.ts';

/** Our words with figures and artifact strings in line, in order; rendered as text, never as markup. */
export type RichPart = string | { readonly fig: Figure } | { readonly words: Words; readonly as?: 'name' | 'quote' };
export type Rich = readonly RichPart[];

/** The kinds of evidence item prose may place on their own (<FindingEvidence kind>): a finding's tables, or its charts. */
export const EVIDENCE_KINDS = ['table', 'chart'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export type EvidenceItem =
  /** `split`: the table is one of a set, one per split (the set shares a caption); its CSV gets the split as a column. */
  | { readonly table: TableSpec; readonly caption?: Rich; readonly note?: Rich; readonly split?: Words }
  | { readonly chart: ChartSpec }
  /** A collapsed block: a summary line, then its tables, then optionally a list of artifact strings. */
  | {
      readonly details: {
        readonly id?: string;
        readonly summary: Rich;
        readonly items: readonly EvidenceItem[];
        readonly list?: { readonly intro: string; readonly items: readonly Words[] };
      };
    };

export interface FindingDescriptor {
  readonly id: string;
  readonly title: string;
  readonly properties: readonly PropertyName[];
  /** Its words are searched where each lives, on the property pages (the report's copy is left out of the index). */
  readonly indexedOnPropertyPages?: true;
  /** Tables and charts in the order the finding shows them; empty for a finding carried by its prose. */
  readonly evidence: (a: Audit) => readonly EvidenceItem[];
}

/** Every table item an evidence list holds, including those inside collapsed blocks. */
export function tableItems(items: readonly EvidenceItem[]): Extract<EvidenceItem, { table: TableSpec }>[] {
  return items.flatMap((i) => ('table' in i ? [i] : 'details' in i ? tableItems(i.details.items) : []));
}

export const tablesOf = (items: readonly EvidenceItem[]) => tableItems(items).map((i) => i.table);
