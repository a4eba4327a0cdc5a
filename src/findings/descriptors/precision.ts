/** What the metric does not divide by: precision, which TRAIL never reports, as a table and a chart. */
import { recallPrecisionChart } from '../../charts/charts.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { precisionTable } from '../../tables/adversarial.ts';

export const precision = {
  id: 'precision',
  title: 'What the metric does not divide by',
  properties: ['P1'],
  evidence: (a) => [{ table: precisionTable(a) }, { chart: recallPrecisionChart(a) }],
} as const satisfies FindingDescriptor;
