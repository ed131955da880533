/** The rows of one t-test table against the chosen control row (recomputed when the reader picks another). */
import { liftPercent, pairedTTestPValue } from './paired-t-test';
import type { TTestRow, TTestTable } from './types';

/** Precision and significance level of the comparison. */
export interface CompareOptions {
  alpha: number;
  pValuePrecision: number;
  liftPrecision: number;
}

/**
 * Each row's p-value, lift and significance against row `control`, as the incumbent's table shows them.
 *
 * @example
 * compareRows({ metric: 'count', groups: [['a'], ['b']], series: [[1, 2, 3], [2, 4, 5]] }, 0, { alpha: 0.05, pValuePrecision: 6, liftPrecision: 4 })[1].lift;
 * // '83.3333'
 */
export function compareRows(table: TTestTable, control: number, options: CompareOptions): TTestRow[] {
  const base = table.series[control] ?? [];
  return table.series.map((values, i): TTestRow => {
    if (i === control) return { pValue: 'control', lift: 'control', liftStatus: 'control', significant: 'control' };
    const p = pairedTTestPValue(values, base);
    const lift = liftPercent(values, base);
    return {
      pValue: Number.isFinite(p) ? p.toFixed(options.pValuePrecision) : 'N/A',
      lift: Number.isFinite(lift) ? lift.toFixed(options.liftPrecision) : 'N/A',
      liftStatus: !Number.isFinite(lift) ? 'invalid' : lift > 0 ? 'up' : 'down',
      significant: Number.isFinite(p) && p <= options.alpha,
    };
  });
}
