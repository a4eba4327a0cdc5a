/**
 * The eighteen findings the audit publishes (audit-report-spec.md, section 1).
 * The build checks both ways: every finding is placed on some page, and every
 * placed finding is one of these.
 */
import type { PropertyName } from '../core/names.ts';

export const FINDINGS = {
  claim: { title: 'The claim', properties: ['P1'] },
  teaser: { title: 'The claim in one table', properties: ['P1'] },
  conditions: { title: 'The nine pre-registered properties', properties: [] },
  'eleven-percent': { title: "The abstract's eleven percent against Table 1", properties: ['P1'] },
  headline: { title: 'Every predictor on both splits', properties: ['P1', 'P2'] },
  ceiling: { title: 'Why nothing reaches a perfect score', properties: ['P1'] },
  'absent-locations': { title: 'Gold locations that are not spans', properties: ['P2'] },
  precision: { title: 'What the metric does not divide by', properties: ['P1'] },
  'unreadable-gold': { title: 'The gold file that does not parse', properties: ['P3'] },
  drift: { title: 'Gold labels that miss the taxonomy', properties: ['P4'] },
  containment: { title: 'Containment runs one way', properties: ['P4', 'P6'] },
  fallback: { title: 'How little it takes to reach a label', properties: ['P6'] },
  shuffle: { title: 'An order dependence that moves nothing today', properties: ['P5'] },
  'per-category': { title: 'Category F-score ignores where', properties: ['P7'] },
  'null-category': { title: 'One null category and the pairing slides', properties: ['P8'] },
  'table-5': { title: 'Table 5, paper against tree', properties: ['P9'] },
  pin: { title: 'What was measured', properties: [] },
  'committed-files': { title: 'The committed files, counted', properties: [] },
} as const satisfies Record<string, { title: string; properties: readonly PropertyName[] }>;

export type FindingId = keyof typeof FINDINGS;
export const FINDING_IDS = Object.keys(FINDINGS) as FindingId[];

export function isFindingId(id: string): id is FindingId {
  return Object.hasOwn(FINDINGS, id);
}

export function findingsOf(property: PropertyName): FindingId[] {
  return FINDING_IDS.filter((id) => (FINDINGS[id].properties as readonly string[]).includes(property));
}
