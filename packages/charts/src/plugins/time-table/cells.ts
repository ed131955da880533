/** The incumbent's cell arithmetic of column_collection: time lags and ratios, contributions, averages, bounds colours. */
import { getNumberFormatter } from '../../shared/format';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { SparkCell, TimeTableColumnConfig, ValueCell } from './types';

/** The incumbent's accessible bound colours: below the lower bound red, above the upper blue. */
export const BOUND_COLORS = ['#ca0020', '#0571b0'] as const;
/** The midpoint colour between two bounds. */
const MID_COLOR = [128, 128, 128] as const;

const int = (v: unknown, fallback: number) => {
  const n = Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * The colour a value takes from a column's bounds: with both, a red-grey-blue ramp across them; with one,
 * blue on the good side of it and red on the other; null without bounds (the incumbent's colorFromBounds).
 *
 * @example
 * colorFromBounds(5, [0, 10]); // 'rgb(128,128,128)'
 * colorFromBounds(3, [2, null]); // '#0571b0'
 */
export function colorFromBounds(value: number | null, bounds: Array<number | null> | undefined): string | null {
  if (value === null || !bounds) return null;
  const [min, max] = [bounds[0] ?? null, bounds[1] ?? null];
  if (min !== null && max !== null) return ramp(value, min, max);
  if (min !== null) return value >= min ? BOUND_COLORS[1] : BOUND_COLORS[0];
  if (max !== null) return value < max ? BOUND_COLORS[1] : BOUND_COLORS[0];
  return null;
}

/** Linear red -> grey -> blue over [min, mid, max], clamped. */
function ramp(value: number, min: number, max: number): string {
  const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
  const mid = (min + max) / 2;
  const [from, to, t] = value <= mid ? [hex(BOUND_COLORS[0]), [...MID_COLOR], (value - min) / (mid - min || 1)] : [[...MID_COLOR], hex(BOUND_COLORS[1]), (value - mid) / (max - mid || 1)];
  const f = Math.min(1, Math.max(0, t));
  return `rgb(${from.map((c, i) => Math.round(c + (to[i] - c) * f)).join(',')})`;
}

/**
 * A 'time' cell: the latest value against the value `timeLag` steps back (negative: counted from the first),
 * as the value there, the difference, the ratio or the change.
 *
 * @example
 * timeComparison([100, 120, 150], { timeLag: 1, comparisonType: 'perc_change' }); // { value: 0.25 }
 */
export function timeComparison(values: Array<number | null>, column: TimeTableColumnConfig): { value: number | null; error?: string } {
  const lag = int(column.timeLag, 0);
  const total = values.length;
  if (Math.abs(lag) >= total) return { value: null, error: `The time lag set at ${lag} is too large for the length of data at ${total}. No data available.` };
  const recent = values[total - 1] ?? 0;
  const then = (lag < 0 ? values[-lag - 1] : values[total - 1 - lag]) ?? 0;
  const byType: Record<string, number> = { diff: recent - then, perc: recent / then, perc_change: recent / then - 1 };
  const compared = byType[column.comparisonType ?? ''] ?? then;
  // The incumbent shows 0 where the comparison is undefined (a zero or missing value back then).
  return { value: Number.isFinite(compared) ? compared : 0 };
}

/**
 * An 'avg' cell: the mean of the last `timeRatio` values (missing ones skipped); null when there are none.
 *
 * @example
 * recentAverage([1, 2, 3, 4], 2); // 3.5
 */
export function recentAverage(values: Array<number | null>, timeRatio: unknown): number | null {
  const last = values.slice(Math.max(0, values.length - int(timeRatio, 0))).filter((v): v is number => v !== null);
  return last.length ? last.reduce((a, b) => a + b, 0) / last.length : null;
}

/**
 * A number cell of a column for one row; `latestTotal` is the sum of every row's latest value (contrib).
 *
 * @example
 * valueCell([10, 30], { colType: 'contrib', d3format: '.0%' }, 40).text; // '75%'
 */
export function valueCell(values: Array<number | null>, column: TimeTableColumnConfig, latestTotal: number): ValueCell {
  let value: number | null = null;
  if (column.colType === 'time') {
    const compared = timeComparison(values, column);
    if (compared.error) return { kind: 'value', value: null, text: compared.error, color: null };
    value = compared.value;
  } else if (column.colType === 'contrib') {
    const latest = values[values.length - 1];
    value = latest === null || latest === undefined || !latestTotal ? null : latest / latestTotal;
  } else if (column.colType === 'avg') {
    value = recentAverage(values, column.timeRatio);
  }
  const text = value === null ? 'N/A' : getNumberFormatter(column.d3format).format(value);
  return { kind: 'value', value, text, color: colorFromBounds(value, column.bounds) };
}

/**
 * A sparkline cell: the row's values over time, or with `timeRatio` each value over the one that many steps
 * before it; drawn within yAxisBounds where set.
 *
 * @example
 * sparkCell([1, 2, 4], [t0, t1, t2], { colType: 'spark', timeRatio: 1 }).values; // [null, 2, 2]
 */
export function sparkCell(values: Array<number | null>, times: number[], column: TimeTableColumnConfig): SparkCell {
  const ratio = int(column.timeRatio, 0);
  const drawn = ratio > 0 ? values.map((v, i) => (i < ratio || v === null || !values[i - ratio] ? null : v / values[i - ratio]!)) : values;
  const known = drawn.filter((v): v is number => v !== null);
  const [lo, hi] = [column.yAxisBounds?.[0] ?? null, column.yAxisBounds?.[1] ?? null];
  const sparkType = column.sparkType === 'bar' || column.sparkType === 'area' ? column.sparkType : 'line';
  // Bars grow from zero, so their lengths compare; lines and areas span the data's own range.
  const yMin = lo ?? (known.length ? Math.min(sparkType === 'bar' ? 0 : Infinity, ...known) : 0);
  const yMax = hi ?? (known.length ? Math.max(...known) : 1);
  const fmt = getNumberFormatter(column.d3format);
  return {
    kind: 'spark',
    values: drawn,
    labels: drawn.map((v, i) => `${formatTimeAlone(column.dateFormat || 'smart_date', times[i])}: ${v === null ? 'N/A' : fmt.format(v)}`),
    width: int(column.width, 0) || 300,
    height: int(column.height, 0) || 50,
    sparkType,
    yMin,
    yMax,
    showYAxis: column.showYAxis === true,
    axisLabels: [fmt.format(yMin), fmt.format(yMax)],
  };
}
