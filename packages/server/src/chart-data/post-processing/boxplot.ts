/**
 * `boxplot`: per group, for each metric `<metric>__mean|median|max|min|q1|q3|count|outliers`
 * (operator-major column order, as Superset builds it). Quartiles use numpy's midpoint
 * method; whiskers are Tukey (1.5 IQR), min/max, or the `percentiles` pair.
 */
import { colIndex, type Frame, GenericDataType, optStringList, optString, PostProcessingError, requireColumns, rowCount, toFloat64 } from './frame';
import { bucketRows, groupBy, quantileSorted } from './group';

const STATS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;

export function boxplot(frame: Frame, opts: Record<string, unknown>): Frame {
  const groupby = optStringList('boxplot', opts, 'groupby') ?? [];
  const metrics = optStringList('boxplot', opts, 'metrics') ?? [];
  const whisker = optString('boxplot', opts, 'whisker_type', true);
  if (!['tukey', 'min/max', 'percentile'].includes(whisker)) throw new PostProcessingError(`Invalid whisker_type: ${whisker}`);
  let low = 0;
  let high = 100;
  if (whisker === 'percentile') {
    const p = opts.percentiles;
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number' || p[0] >= p[1]) {
      throw new PostProcessingError('percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value');
    }
    [low, high] = p as [number, number];
  }
  requireColumns(frame, [...groupby, ...metrics], 'boxplot');
  const n = rowCount(frame);
  const g = groupBy(groupby.map((c) => frame.columns[colIndex(frame, c)]), n);
  const { offsets, rows } = bucketRows(g);
  const out: Frame = { colnames: [...groupby], coltypes: groupby.map((c) => frame.coltypes[colIndex(frame, c)]), columns: [...g.keys] };
  const results = new Map<string, unknown[]>();
  for (const metric of metrics) {
    const x = toFloat64(frame.columns[colIndex(frame, metric)]);
    const cols: Record<string, unknown[]> = Object.fromEntries(STATS.map((s) => [s, new Array(g.nGroups)]));
    for (let k = 0; k < g.nGroups; k++) {
      const vals: number[] = [];
      for (let j = offsets[k]; j < offsets[k + 1]; j++) vals.push(x[rows[j]]);
      const finite = vals.filter((v) => v === v);
      const sorted = Float64Array.from(finite).sort();
      const len = sorted.length;
      const q1 = quantileSorted(sorted, len, 0.25, 'midpoint');
      const q3 = quantileSorted(sorted, len, 0.75, 'midpoint');
      let wHigh: number;
      let wLow: number;
      if (whisker === 'tukey') {
        const upper = q3 + 1.5 * (q3 - q1);
        const lower = q1 - 1.5 * (q3 - q1);
        wHigh = NaN;
        wLow = NaN;
        for (const v of finite) {
          if (v <= upper && !(v <= wHigh)) wHigh = v;
          if (v >= lower && !(v >= wLow)) wLow = v;
        }
      } else if (whisker === 'min/max') {
        wLow = len ? sorted[0] : NaN;
        wHigh = len ? sorted[len - 1] : NaN;
      } else {
        wLow = quantileSorted(sorted, len, low / 100);
        wHigh = quantileSorted(sorted, len, high / 100);
      }
      const nn = (v: number) => (v === v ? v : null);
      cols.mean[k] = nn(len ? finite.reduce((a, b) => a + b, 0) / len : NaN);
      cols.median[k] = nn(quantileSorted(sorted, len, 0.5));
      cols.max[k] = nn(wHigh);
      cols.min[k] = nn(wLow);
      cols.q1[k] = nn(q1);
      cols.q3[k] = nn(q3);
      cols.count[k] = vals.length;
      cols.outliers[k] = [...vals.filter((v) => v > wHigh), ...vals.filter((v) => v < wLow)];
    }
    for (const s of STATS) results.set(`${metric}__${s}`, cols[s]);
  }
  for (const s of STATS) {
    for (const metric of metrics) {
      out.colnames.push(`${metric}__${s}`);
      out.coltypes.push(s === 'outliers' ? GenericDataType.STRING : GenericDataType.NUMERIC);
      out.columns.push(results.get(`${metric}__${s}`)!);
    }
  }
  return out;
}
