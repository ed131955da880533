/**
 * `rolling`: pandas `DataFrame.rolling(window, min_periods, center).<rolling_type>()` over a
 * column map, then the incumbent drops the first `min_periods - 1` rows: the ones before the window
 * holds `min_periods` observations (NaN in a gap-free series). Streaming kernels: Kahan
 * sum/mean/count, Welford add/remove for std/var (ddof 1), monotonic deques for min/max and a
 * sorted window for median/quantile.
 */
import { applyColumnMap } from './column-map';
import { cumulate } from './cum';
import { type Frame, optBool, optColumnMap, optInt, optionError, optRecord, PostProcessingError, rowCount } from './frame';
import { quantileSorted } from './group';

const ROLLING_TYPES = ['mean', 'sum', 'std', 'var', 'min', 'max', 'median', 'count', 'quantile'];

interface WindowSpec {
  window: number;
  minPeriods: number;
  center: boolean;
}

function bounds(n: number, w: WindowSpec): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const offset = w.center ? Math.floor((w.window - 1) / 2) : 0;
  for (let i = 0; i < n; i++) {
    const e = Math.min(n, i + 1 + offset);
    end[i] = e;
    start[i] = Math.max(0, e - w.window);
  }
  return { start, end };
}

/** Apply one rolling aggregate to a column. */
export function rollValues(x: Float64Array, type: string, w: WindowSpec, options: Record<string, unknown> = {}): Float64Array {
  const n = x.length;
  const out = new Float64Array(n).fill(NaN);
  const { start, end } = bounds(n, w);
  const minp = w.minPeriods;
  let lo = 0;
  let hi = 0;
  if (type === 'sum' || type === 'mean' || type === 'count') {
    let sum = 0;
    let comp = 0;
    let nobs = 0;
    const add = (v: number, sign: number) => {
      const y = sign * v - comp;
      const t = sum + y;
      comp = t - sum - y;
      sum = t;
    };
    for (let i = 0; i < n; i++) {
      for (; hi < end[i]; hi++) if (x[hi] === x[hi]) { add(x[hi], 1); nobs++; }
      for (; lo < start[i]; lo++) if (x[lo] === x[lo]) { add(x[lo], -1); nobs--; }
      if (nobs === 0) { sum = 0; comp = 0; }
      if (nobs >= minp) out[i] = type === 'sum' ? sum : type === 'count' ? nobs : nobs ? sum / nobs : NaN;
    }
    return out;
  }
  if (type === 'std' || type === 'var') {
    const ddof = typeof options.ddof === 'number' ? options.ddof : 1;
    let nobs = 0;
    let mean = 0;
    let m2 = 0;
    for (let i = 0; i < n; i++) {
      for (; hi < end[i]; hi++) {
        const v = x[hi];
        if (v !== v) continue;
        nobs++;
        const d = v - mean;
        mean += d / nobs;
        m2 += d * (v - mean);
      }
      for (; lo < start[i]; lo++) {
        const v = x[lo];
        if (v !== v) continue;
        nobs--;
        if (nobs === 0) { mean = 0; m2 = 0; continue; }
        const d = v - mean;
        mean -= d / nobs;
        m2 -= d * (v - mean);
      }
      if (nobs >= minp && nobs > ddof) {
        const variance = Math.max(0, m2) / (nobs - ddof);
        out[i] = type === 'std' ? Math.sqrt(variance) : variance;
      }
    }
    return out;
  }
  if (type === 'min' || type === 'max') {
    const dq = new Int32Array(n);
    let head = 0;
    let tail = 0;
    let nobs = 0;
    const better = type === 'min' ? (a: number, b: number) => a <= b : (a: number, b: number) => a >= b;
    for (let i = 0; i < n; i++) {
      for (; hi < end[i]; hi++) {
        const v = x[hi];
        if (v !== v) continue;
        nobs++;
        while (tail > head && better(v, x[dq[tail - 1]])) tail--;
        dq[tail++] = hi;
      }
      for (; lo < start[i]; lo++) if (x[lo] === x[lo]) nobs--;
      while (tail > head && dq[head] < start[i]) head++;
      if (nobs >= minp && nobs > 0) out[i] = x[dq[head]];
    }
    return out;
  }
  // median / quantile: keep the window's non-null values sorted.
  let p = 0.5;
  let method = 'linear';
  if (type === 'quantile') {
    const q = options.quantile ?? options.q;
    if (typeof q !== 'number' || !(q >= 0 && q <= 1)) {
      throw new PostProcessingError(`Invalid options for quantile: "quantile" must be a number between 0 and 1`);
    }
    p = q;
    method = typeof options.interpolation === 'string' ? options.interpolation : 'linear';
  }
  const sorted = new Float64Array(Math.max(1, w.window));
  let len = 0;
  const search = (v: number) => {
    let a = 0;
    let b = len;
    while (a < b) {
      const m = (a + b) >> 1;
      if (sorted[m] < v) a = m + 1;
      else b = m;
    }
    return a;
  };
  for (let i = 0; i < n; i++) {
    for (; lo < start[i]; lo++) {
      const v = x[lo];
      if (v !== v) continue;
      const k = search(v);
      sorted.copyWithin(k, k + 1, len);
      len--;
    }
    for (; hi < end[i]; hi++) {
      const v = x[hi];
      if (v !== v) continue;
      const k = search(v);
      sorted.copyWithin(k + 1, k, len);
      sorted[k] = v;
      len++;
    }
    if (len >= minp && len > 0) out[i] = quantileSorted(sorted, len, p, method);
  }
  return out;
}

function sliceRows(frame: Frame, from: number): Frame {
  return { ...frame, columns: frame.columns.map((c) => c.slice(from)) };
}

export function rolling(frame: Frame, opts: Record<string, unknown>): Frame {
  const raw = opts.rolling_type;
  if (raw === undefined || raw === null || raw === 'None' || raw === 'none') return frame;
  if (typeof raw !== 'string') throw optionError('rolling', 'rolling_type', 'is expected to be a string');
  const columns = optColumnMap('rolling', opts, 'columns');
  if (raw === 'cumsum' || raw === 'cumprod') {
    return applyColumnMap(frame, columns, opts, 'rolling', (v) => cumulate(v, raw === 'cumsum' ? 'sum' : 'prod'));
  }
  const type = raw === 'average' ? 'mean' : raw;
  if (!ROLLING_TYPES.includes(type)) throw new PostProcessingError(`Invalid rolling_type: ${raw}`);
  if (opts.window === undefined || opts.window === null) throw new PostProcessingError('Undefined window for rolling operation');
  const window = optInt('rolling', opts, 'window', true) as number;
  if (window === 0) throw new PostProcessingError('Window must be > 0');
  if (window < 0) throw optionError('rolling', 'window', 'must be > 0');
  const minPeriodsOpt = optInt('rolling', opts, 'min_periods');
  if (minPeriodsOpt !== undefined && (minPeriodsOpt < 0 || minPeriodsOpt > window)) {
    throw optionError('rolling', 'min_periods', `must be between 0 and window (${window})`);
  }
  if (opts.win_type !== undefined && opts.win_type !== null) throw optionError('rolling', 'win_type', 'is not supported');
  const center = optBool('rolling', opts, 'center', false);
  const options = optRecord('rolling', opts, 'rolling_type_options') ?? {};
  const spec: WindowSpec = { window, minPeriods: minPeriodsOpt ?? window, center };
  const out = applyColumnMap(frame, columns, opts, 'rolling', (v) => rollValues(v, type, spec, options));
  // `df[min_periods - 1:]` as the incumbent slices: with min_periods 7 a daily series starts on its 7th day,
  // the first with a full window; 0 or 1 keeps every row.
  if (minPeriodsOpt && minPeriodsOpt > 1) return sliceRows(out, Math.min(minPeriodsOpt - 1, rowCount(out)));
  return out;
}
