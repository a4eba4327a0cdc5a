/** What the metric does not divide by: precision, which TRAIL never reports, as a table and a chart. */
import { recallPrecisionChart } from '../../charts/charts.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { precisionTable } from '../../tables/adversarial.ts';
import { say } from '../../core/strings.ts';

export const precision = {
  id: 'precision',
  title: say('findings/descriptors/precision.title'),
  properties: ['P1'],
  evidence: (a) => [{ table: precisionTable(a) }, { chart: recallPrecisionChart(a) }],
} as const satisfies FindingDescriptor;
