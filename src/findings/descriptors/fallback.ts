/** How little it takes to reach a label: the shortest reaching strings, as a table and a chart, then the probes. */
import { reachChart } from '../../charts/charts.ts';
import type { FindingDescriptor } from './descriptor.ts';
import { probesTable, shortestReachingTable } from '../../tables/normaliser.ts';
import { say } from '../../core/strings.ts';

export const fallback = {
  id: 'fallback',
  title: say('findings/descriptors/fallback.title'),
  properties: ['P6'],
  evidence: (a) => [{ table: shortestReachingTable(a) }, { chart: reachChart(a) }, { table: probesTable(a) }],
} as const satisfies FindingDescriptor;
