/**
 * Records -> the partition chart's trees, one per metric, for each of the incumbent's time-series options:
 * aggregates per level (sum or mean, time ignored), the time stamps as the first level (time_series), the
 * change between the first and the last time stamp (point_diff / point_factor / point_percent), and the
 * advanced-analytics series (rolling window, contribution) nested metric -> time -> levels.
 */

/** The timestamp column of a query with is_timeseries. */
export const TIMESTAMP = '__timestamp';

/** A node before layout: its raw name (a level's value, a metric label or a time stamp) and value. */
export interface PartitionDatum {
  name: unknown;
  /** The node's value; null where there is none (an empty mean, a rolling window still filling). */
  val: number | null;
  /** Set on the time-stamp nodes (formatted with the date format, equal heights with equal_date_size). */
  isDate?: boolean;
  children: PartitionDatum[];
}

type Row = Record<string, unknown>;

/** Options of nestPartition. */
export interface NestOptions {
  groupby: string[];
  metrics: string[];
  timeSeriesOption?: string;
  rollingType?: string;
  rollingPeriods?: number;
  minPeriods?: number;
  contribution?: boolean;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

const order = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};

/** Rows grouped by a column's value, groups in sorted value order. */
function groupRows(rows: Row[], column: string): Array<{ value: unknown; rows: Row[] }> {
  const groups = new Map<unknown, Row[]>();
  for (const r of rows) {
    const v = r[column];
    let g = groups.get(v);
    if (!g) groups.set(v, (g = []));
    g.push(r);
  }
  return [...groups.entries()].sort(([a], [b]) => order(a, b)).map(([value, rs]) => ({ value, rows: rs }));
}

function sum(rows: Row[], metric: string): number {
  let s = 0;
  for (const r of rows) s += num(r[metric]) ?? 0;
  return s;
}

function mean(rows: Row[], metric: string): number | null {
  let s = 0;
  let n = 0;
  for (const r of rows) {
    const v = num(r[metric]);
    if (v !== null) {
      s += v;
      n += 1;
    }
  }
  return n ? s / n : null;
}

/** Nested levels under a node whose rows are `rows`, each node valued by `value`. */
function nestLevels(rows: Row[], groups: string[], level: number, value: (rows: Row[]) => number | null, dateLevel = -1): PartitionDatum[] {
  if (level >= groups.length) return [];
  return groupRows(rows, groups[level]).map((g) => ({
    name: g.value,
    val: value(g.rows),
    ...(level === dateLevel ? { isDate: true } : {}),
    children: nestLevels(g.rows, groups, level + 1, value, dateLevel),
  }));
}

function compare(op: string, until: number, since: number): number {
  if (op === 'point_diff') return until - since;
  if (op === 'point_factor') return until / since;
  return until / since - 1;
}

/** A rolling window (mean, sum, std), or a running sum, over a series; null where the window is short. */
export function rolling(values: number[], type: string | undefined, periods: number, minPeriods: number): Array<number | null> {
  if (type === 'cumsum') {
    let run = 0;
    return values.map((v) => (run += v));
  }
  if (!type || !['mean', 'sum', 'std'].includes(type) || !periods) return values;
  return values.map((_, i) => {
    const window = values.slice(Math.max(0, i - periods + 1), i + 1);
    if (window.length < Math.max(1, minPeriods)) return null;
    const s = window.reduce((a, v) => a + v, 0);
    if (type === 'sum') return s;
    const m = s / window.length;
    if (type === 'mean') return m;
    if (window.length < 2) return null;
    return Math.sqrt(window.reduce((a, v) => a + (v - m) ** 2, 0) / (window.length - 1));
  });
}

/** Advanced analytics: per level, each (metric, path) series over time, rolled and optionally normalised. */
function nestAnalytics(records: Row[], o: NestOptions): PartitionDatum[] {
  const { groupby: groups, metrics } = o;
  const times = groupRows(records, TIMESTAMP).map((g) => g.value);
  const timeIndex = new Map(times.map((t, i) => [t, i]));
  const shown = o.minPeriods ? times.slice(o.minPeriods) : times;
  // levels[L]: key (JSON of [metric, ...first L values]) -> series over all times.
  const levels: Array<Map<string, Array<number | null>>> = [];
  for (let L = 0; L <= groups.length; L++) {
    const raw = new Map<string, number[]>();
    for (const metric of metrics) {
      for (const r of records) {
        const key = JSON.stringify([metric, ...groups.slice(0, L).map((g) => r[g] ?? null)]);
        let s = raw.get(key);
        if (!s) raw.set(key, (s = new Array(times.length).fill(0)));
        s[timeIndex.get(r[TIMESTAMP])!] += num(r[metric]) ?? 0;
      }
    }
    const rolled = new Map<string, Array<number | null>>();
    for (const [k, s] of raw) rolled.set(k, rolling(s, o.rollingType, o.rollingPeriods ?? 0, o.minPeriods ?? 0));
    if (o.contribution) {
      for (let t = 0; t < times.length; t++) {
        let total = 0;
        for (const s of rolled.values()) total += s[t] ?? 0;
        for (const s of rolled.values()) s[t] = total === 0 ? null : (s[t] ?? 0) / total;
      }
    }
    levels.push(rolled);
  }
  const under = (metric: string, dims: unknown[], t: number): PartitionDatum[] => {
    const L = dims.length + 1;
    if (L > groups.length) return [];
    const prefix = JSON.stringify([metric, ...dims]).slice(0, -1);
    const out: PartitionDatum[] = [];
    for (const [key, s] of levels[L]) {
      if (!key.startsWith(prefix + ',')) continue;
      const parts = JSON.parse(key) as unknown[];
      if (parts.length !== L + 1) continue;
      const name = parts[L];
      out.push({ name, val: s[t] ?? null, children: under(metric, [...dims, name], t) });
    }
    return out.sort((a, b) => order(a.name, b.name));
  };
  return metrics.map((metric) => ({
    name: metric,
    val: null,
    children: shown.map((time) => {
      const t = timeIndex.get(time)!;
      return { name: time, val: levels[0].get(JSON.stringify([metric]))?.[t] ?? null, isDate: true, children: under(metric, [], t) };
    }),
  }));
}

/**
 * The trees of a partition chart, one per metric (its root is named by the metric).
 *
 * @example
 * nestPartition([{ region: 'EU', count: 2 }, { region: 'US', count: 3 }], { groupby: ['region'], metrics: ['count'] });
 * // [{ name: 'count', val: 5, children: [{ name: 'EU', val: 2, children: [] }, { name: 'US', val: 3, children: [] }] }]
 */
export function nestPartition(records: Row[], o: NestOptions): PartitionDatum[] {
  const option = o.timeSeriesOption || 'not_time';
  const { groupby, metrics } = o;
  if (option === 'adv_anal') return nestAnalytics(records, o);
  if (option === 'point_diff' || option === 'point_factor' || option === 'point_percent') {
    const times = groupRows(records, TIMESTAMP).map((g) => g.value);
    const since = times[0];
    const until = times[times.length - 1];
    return metrics.map((metric) => {
      const at = (rows: Row[], t: unknown) => rows.filter((r) => r[TIMESTAMP] === t);
      // A group missing at one end counts 0 there (the incumbent's fill).
      const value = (rows: Row[]) => compare(option, sum(at(rows, until), metric), sum(at(rows, since), metric));
      return { name: metric, val: compare(option, sum(at(records, until), metric), sum(at(records, since), metric)), children: nestLevels(records, groupby, 0, value) };
    });
  }
  const op = option === 'agg_mean' ? mean : sum;
  const groups = option === 'time_series' ? [TIMESTAMP, ...groupby] : groupby;
  return metrics.map((metric) => ({
    name: metric,
    val: op(records, metric),
    children: nestLevels(records, groups, 0, (rows) => op(rows, metric), option === 'time_series' ? 0 : -1),
  }));
}
