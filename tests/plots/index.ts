/**
 * Every chart the site draws, rendered from the synthetic audit. Each export is one
 * snapshot: tests/unit/plots.test.ts compares it with tests/output/<name>.svg.
 * A chart drawn per split or per block gets one export per instance.
 */
import type { Audit } from '../../src/audit/assemble.ts';
import {
  perCategoryChart,
  reachChart,
  recallPrecisionChart,
  table5Chart,
  volumeChart,
} from '../../src/charts/charts.ts';

export const volumeAlpha = (a: Audit) => volumeChart(a, 'Alpha');
export const volumeBeta = (a: Audit) => volumeChart(a, 'Beta');
export const recallPrecision = (a: Audit) => recallPrecisionChart(a);
export const table5 = (a: Audit) => table5Chart(a);
export const reach = (a: Audit) => reachChart(a);
export const perCategory = (a: Audit) => perCategoryChart(a)[0]!;
