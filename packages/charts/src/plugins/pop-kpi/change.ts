/** The comparison arithmetic of pop_kpi, apart from formatting so it is tested on numbers. */
import type { ChangeTone, ComparisonColorScheme } from './types';

/**
 * Change of `value` versus `previous` as a fraction, as the incumbent defines it: 0 when both are 0,
 * +1 or -1 when only one is (no division by zero), else the change over the previous value's magnitude.
 *
 * @example
 * percentChange(120, 100); // 0.2
 * percentChange(5, 0);     // 1
 */
export function percentChange(value: number, previous: number): number {
  if (!value && !previous) return 0;
  if (!value || !previous) return value ? 1 : -1;
  return (value - previous) / Math.abs(previous);
}

/**
 * Whether a change reads as good or bad: with colours off or no change, neither; with the 'Green'
 * scheme a rise is good, with 'Red' (a cost, a churn rate) a fall is.
 *
 * @example
 * changeTone(0.2, true, 'Red'); // 'negative'
 */
export function changeTone(change: number, colorEnabled: boolean, scheme: ComparisonColorScheme): ChangeTone {
  if (!colorEnabled || change === 0) return 'neutral';
  const good = scheme === 'Red' ? change < 0 : change > 0;
  return good ? 'positive' : 'negative';
}
