/** The paired t-test and lift between two time series, as the incumbent's paired t-test table computes them. */
import { studentTCdf } from './student-t';

/**
 * Two-sided p-value of a paired t-test between `values` and `control`, paired by index. Pairs where either
 * side is missing are left out. NaN when fewer than two pairs remain or every difference is the same (no
 * variance: the statistic is undefined).
 *
 * @example
 * pairedTTestPValue([2, 4, 6, 9], [1, 2, 3, 4]); // ≈ 0.0498
 */
export function pairedTTestPValue(values: ReadonlyArray<number | null>, control: ReadonlyArray<number | null>): number {
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  const length = Math.min(values.length, control.length);
  for (let i = 0; i < length; i++) {
    const v = values[i];
    const c = control[i];
    if (v === null || c === null || !Number.isFinite(v) || !Number.isFinite(c)) continue;
    const diff = c - v;
    n += 1;
    sum += diff;
    sumSquares += diff * diff;
  }
  if (n < 2) return NaN;
  const spread = n * sumSquares - sum * sum;
  if (!(spread > 0)) return NaN;
  // t = mean(d) / (sd(d) / sqrt(n)), rewritten over the sums so one pass suffices.
  const t = -Math.abs(sum * Math.sqrt((n - 1) / spread));
  return 2 * studentTCdf(t, n - 1);
}

/**
 * Lift of `values` over `control` in percent: how much larger the series' total is than the control's.
 * NaN when the control's total is 0.
 *
 * @example
 * liftPercent([12, 10], [10, 10]); // 10
 */
export function liftPercent(values: ReadonlyArray<number | null>, control: ReadonlyArray<number | null>): number {
  const total = (xs: ReadonlyArray<number | null>) => xs.reduce<number>((s, x) => s + (x !== null && Number.isFinite(x) ? x : 0), 0);
  const base = total(control);
  return base === 0 ? NaN : ((total(values) - base) / base) * 100;
}
