/**
 * `resample`: pandas `df.resample(rule).<method>()` over the temporal index (the frame's index
 * column, option `index`, or `__timestamp`). Rules are pandas offset aliases: fixed ("tick")
 * rules 1T/1min/1H/1D/7D/1S bin from midnight of the first day (origin 'start_day'), left closed
 * and left labelled; anchored rules label calendar points: MS/QS/AS/YS (period start, left
 * closed) and M/Q/A/Y/W[-DAY] (period end, right closed at day granularity). Methods: asfreq
 * (exact matches, `fill_value` fills the gaps), ffill/bfill (nearest observation then fill),
 * sum/mean/median (aggregate each bin; empty bins sum to 0), linear (interpolate).
 */
import { colIndex, type Frame, GenericDataType, isNull, optNumber, optString, PostProcessingError, rowCount, toFloat64, toNumber } from './frame';
import { sortPermutation, takeRows } from './sort';

const METHODS = ['asfreq', 'bfill', 'ffill', 'linear', 'median', 'mean', 'sum'];
const DAY = 86_400_000;
const TICKS: Record<string, number> = { L: 1, ms: 1, S: 1000, s: 1000, T: 60_000, min: 60_000, H: 3_600_000, h: 3_600_000, D: DAY };
const WEEKDAYS: Record<string, number> = { THU: 0, FRI: 1, SAT: 2, SUN: 3, MON: 4, TUE: 5, WED: 6 };

interface Rule {
  tick?: number;
  /** Anchored: months per period (1, 3, 12) or 0 for weeks. */
  months?: number;
  weekday?: number;
  start?: boolean;
  n: number;
}

export function parseRule(rule: string): Rule {
  const m = /^\s*(\d*)\s*([A-Za-z]+)(?:-([A-Za-z]{3}))?\s*$/.exec(rule);
  if (!m) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
  const n = m[1] ? Number(m[1]) : 1;
  const alias = m[2];
  const anchor = m[3]?.toUpperCase();
  if (n <= 0) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
  if (alias in TICKS && !anchor) return { tick: TICKS[alias] * n, n };
  const up = alias.toUpperCase();
  if (up === 'W') {
    const weekday = WEEKDAYS[anchor ?? 'SUN'];
    if (weekday === undefined) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
    return { months: 0, weekday, n };
  }
  const anchored: Record<string, [number, boolean]> = {
    M: [1, false], ME: [1, false], MS: [1, true], Q: [3, false], QE: [3, false], QS: [3, true],
    A: [12, false], Y: [12, false], YE: [12, false], AE: [12, false], AS: [12, true], YS: [12, true],
  };
  if (up in anchored && (!anchor || anchor === 'DEC' || anchor === 'JAN')) {
    const [months, start] = anchored[up];
    return { months, start, n };
  }
  throw new PostProcessingError(`Invalid resample rule: ${rule}`);
}

const dayOf = (ms: number) => Math.floor(ms / DAY);

/** Period number of `ms` for an anchored rule, and the label timestamp of a period number. */
function periodOf(ms: number, r: Rule): number {
  if (r.months === 0) {
    // right closed: first anchor weekday on or after the day
    return Math.ceil((dayOf(ms) - (r.weekday as number)) / 7);
  }
  const d = new Date(ms);
  return Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / (r.months as number));
}

function periodLabel(p: number, r: Rule): number {
  if (r.months === 0) return (p * 7 + (r.weekday as number)) * DAY;
  const months = r.months as number;
  const month = p * months + (r.start ? 0 : months - 1);
  const y = Math.floor(month / 12);
  const mo = month - y * 12;
  return r.start ? Date.UTC(y, mo, 1) : Date.UTC(y, mo + 1, 0);
}

interface Grid {
  labels: number[];
  /** Bin (label position) of a timestamp, possibly out of range. */
  binOf: (ms: number) => number;
}

function buildGrid(first: number, last: number, r: Rule, origin?: number): Grid {
  if (r.tick) {
    const step = r.tick;
    const o = origin ?? Math.floor(first / DAY) * DAY;
    const firstEdge = o + Math.floor((first - o) / step) * step;
    const labels: number[] = [];
    for (let t = firstEdge; t <= last; t += step) labels.push(t);
    return { labels, binOf: (ms) => Math.floor((ms - firstEdge) / step) };
  }
  const p0 = periodOf(first, r);
  const p1 = periodOf(last, r);
  const labels: number[] = [];
  for (let p = p0; ; p += r.n) {
    if (r.start && p > p1) break;
    labels.push(periodLabel(p, r));
    if (p >= p1) break;
  }
  const binOf = (ms: number) => {
    const p = periodOf(ms, r);
    return r.start ? Math.floor((p - p0) / r.n) : Math.ceil((p - p0) / r.n);
  };
  return { labels, binOf };
}

/** The labels pandas.date_range(start, end, freq, inclusive='left') produces. */
function rangeLabels(start: number, end: number, r: Rule): number[] {
  const out: number[] = [];
  if (r.tick) {
    for (let t = start; t < end; t += r.tick) out.push(t);
    return out;
  }
  let p = periodOf(start, r);
  if (periodLabel(p, r) < start) p++;
  for (let t = periodLabel(p, r); t < end; p += r.n, t = periodLabel(p, r)) out.push(t);
  return out;
}

function timeColumn(frame: Frame, opts: Record<string, unknown>): number {
  const named = optString('resample', opts, 'index');
  let i = -1;
  if (named) i = colIndex(frame, named);
  else if ((frame.indexCount ?? 0) >= 1) i = 0;
  else i = colIndex(frame, '__timestamp');
  if (i < 0) i = frame.coltypes.indexOf(GenericDataType.TEMPORAL);
  if (i < 0 || frame.coltypes[i] !== GenericDataType.TEMPORAL) throw new PostProcessingError('Resample operation requires DatetimeIndex');
  return i;
}

const toTime = (v: unknown): number => (v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : toNumber(v));

export function resample(frame: Frame, opts: Record<string, unknown>): Frame {
  const rule = optString('resample', opts, 'rule', true);
  const method = optString('resample', opts, 'method', true);
  if (!METHODS.includes(method)) throw new PostProcessingError(`Resample method should be in ${METHODS.join(', ')}.`);
  const fillValue = optNumber('resample', opts, 'fill_value');
  const r = parseRule(rule);
  const ti = timeColumn(frame, opts);
  const rangeStart = opts.time_range_start == null ? undefined : toTime(opts.time_range_start);
  const rangeEnd = opts.time_range_end == null ? undefined : toTime(opts.time_range_end);
  // Sort by time (stable) and drop rows without a timestamp.
  let f = takeRows(frame, sortPermutation(frame, [frame.colnames[ti]], [true]));
  const times0 = toFloat64(f.columns[ti].map((v) => (isNull(v) ? null : toTime(v))));
  let n = times0.length;
  while (n > 0 && times0[n - 1] !== times0[n - 1]) n--;
  if (n < times0.length) f = { ...f, columns: f.columns.map((c) => c.slice(0, n)) };
  const times = times0.subarray(0, n);
  if (!n) return { ...frame, columns: frame.columns.map(() => []) };
  const useRange = method === 'asfreq' && fillValue !== undefined && rangeStart !== undefined && rangeEnd !== undefined;
  const grid = buildGrid(times[0], times[n - 1], r, method === 'asfreq' && fillValue !== undefined ? rangeStart : undefined);
  let labels = grid.labels;
  if (useRange) labels = [...new Set([...labels, ...rangeLabels(rangeStart as number, rangeEnd as number, r)])].sort((a, b) => a - b);
  const L = labels.length;
  const out: Frame = { ...f, columns: [] };
  const numericCol = (c: number) => f.coltypes[c] === GenericDataType.NUMERIC;
  if (method === 'sum' || method === 'mean' || method === 'median') {
    const bin = new Int32Array(n);
    for (let i = 0; i < n; i++) bin[i] = grid.binOf(times[i]);
    for (let c = 0; c < f.columns.length; c++) {
      if (c === ti) { out.columns.push(labels); continue; }
      if (!numericCol(c)) { out.columns.push(new Array(L).fill(null)); continue; }
      const x = toFloat64(f.columns[c]);
      const res = new Array<number | null>(L);
      if (method === 'median') {
        const buckets: number[][] = Array.from({ length: L }, () => []);
        for (let i = 0; i < n; i++) if (x[i] === x[i] && bin[i] >= 0 && bin[i] < L) buckets[bin[i]].push(x[i]);
        for (let b = 0; b < L; b++) {
          const v = buckets[b].sort((a, z) => a - z);
          const k = v.length;
          res[b] = k ? (k % 2 ? v[(k - 1) / 2] : (v[k / 2 - 1] + v[k / 2]) / 2) : null;
        }
      } else {
        const sum = new Float64Array(L);
        const cnt = new Float64Array(L);
        for (let i = 0; i < n; i++) if (x[i] === x[i] && bin[i] >= 0 && bin[i] < L) { sum[bin[i]] += x[i]; cnt[bin[i]]++; }
        for (let b = 0; b < L; b++) res[b] = method === 'sum' ? sum[b] : cnt[b] ? sum[b] / cnt[b] : null;
      }
      out.columns.push(res);
    }
    return out;
  }
  // Reindex-based methods: the source row for each label.
  const src = new Int32Array(L).fill(-1);
  let j = 0;
  for (let b = 0; b < L; b++) {
    const t = labels[b];
    if (method === 'bfill') {
      while (j < n && times[j] < t) j++;
      src[b] = j < n ? j : -1;
    } else {
      while (j < n && times[j] <= t) j++;
      if (method === 'asfreq' || method === 'linear') src[b] = j > 0 && times[j - 1] === t ? j - 1 : -1;
      else src[b] = j > 0 ? j - 1 : -1;
    }
  }
  for (let c = 0; c < f.columns.length; c++) {
    if (c === ti) { out.columns.push(labels); continue; }
    const col = f.columns[c];
    const res = new Array<unknown>(L);
    for (let b = 0; b < L; b++) res[b] = src[b] < 0 ? null : col[src[b]] ?? null;
    if (method === 'ffill') for (let b = 1; b < L; b++) { if (isNull(res[b])) res[b] = res[b - 1]; }
    if (method === 'bfill') for (let b = L - 2; b >= 0; b--) { if (isNull(res[b])) res[b] = res[b + 1]; }
    if (method === 'linear' && numericCol(c)) interpolate(res, labels, times, toFloat64(col));
    if (method === 'asfreq' && fillValue !== undefined) for (let b = 0; b < L; b++) if (isNull(res[b])) res[b] = fillValue;
    out.columns.push(res);
  }
  return out;
}

/** pandas `resample().interpolate()`: linear in time between known points, held flat after the last. */
function interpolate(res: unknown[], labels: number[], _times: Float64Array, _x: Float64Array): void {
  let prev = -1;
  for (let b = 0; b < res.length; b++) {
    if (isNull(res[b])) continue;
    if (prev >= 0 && b - prev > 1) {
      const a = res[prev] as number;
      const z = res[b] as number;
      for (let k = prev + 1; k < b; k++) res[k] = a + ((z - a) * (labels[k] - labels[prev])) / (labels[b] - labels[prev]);
    }
    prev = b;
  }
  if (prev >= 0) for (let k = prev + 1; k < res.length; k++) res[k] = res[prev];
}
