/** A time series cut into periods and laid over the latest one: the incumbent's TimePivotViz.get_data. */

/** One period's line: its points moved onto the latest period's time span. */
export interface PeriodSeries {
  /** 'current' for the latest period, '-1' for the one before, and so on (the incumbent's keys). */
  key: string;
  /** 0 for the latest period, 1 for the one before, ... */
  rank: number;
  /** 1 - rank / (periods): how recent the period is, 1 for the latest (its lines fade with age). */
  perc: number;
  /** The period's start (UTC ms). */
  start: number;
  /** x: the instant moved into the latest period; t: the instant itself. Ascending by x. */
  points: Array<{ x: number; t: number; y: number | null }>;
}

/**
 * The series of `times`/`values` (ascending by time) per period: each instant goes to its period
 * (`periodOf`), periods are ranked from the latest, and every instant is shifted by the distance between its
 * period's start and the latest period's start, so the periods overlay. The first `minPeriods` time steps
 * are left out (the incumbent's min_periods).
 *
 * @example
 * pivotByPeriod([mon1, tue1, mon2], [1, 2, 3], periodStart('W-MON'), 0).map((s) => s.key); // ['current', '-1']
 */
export function pivotByPeriod(times: readonly number[], values: ReadonlyArray<number | null>, periodOf: (ms: number) => number, minPeriods: number): PeriodSeries[] {
  const from = Math.max(0, Math.floor(minPeriods));
  const starts = times.map(periodOf);
  const distinct = [...new Set(starts.slice(from))].sort((a, b) => b - a);
  if (!distinct.length) return [];
  const latest = distinct[0];
  const rankOf = new Map(distinct.map((s, rank) => [s, rank]));
  const series = distinct.map((start, rank): PeriodSeries => ({ key: rank === 0 ? 'current' : `-${rank}`, rank, perc: 1 - rank / distinct.length, start, points: [] }));
  for (let i = from; i < times.length; i++) {
    const s = series[rankOf.get(starts[i])!];
    s.points.push({ x: times[i] + (latest - starts[i]), t: times[i], y: values[i] });
  }
  for (const s of series) s.points.sort((a, b) => a.x - b.x);
  return series;
}
