/**
 * Columnar group-by and aggregation kernels (pandas `groupby(sort=True)` semantics):
 * keys are dictionary-encoded per column, groups come out sorted by key, null keys are
 * dropped unless asked otherwise (pandas `dropna=True`), aggregates skip nulls.
 */
import { compareValues, GenericDataType, isNull, MissingColumnsError, PostProcessingError, toFloat64 } from './frame';

export interface Grouping {
  /** Group of each row, -1 when the row is dropped (null key). */
  gid: Int32Array;
  nGroups: number;
  /** Key values per key column, one per group, groups in sorted key order. */
  keys: unknown[][];
  /** Per key column, the sorted rank of each group's key (nulls rank last). */
  ranks: Int32Array[];
}

interface Encoded {
  codes: Int32Array;
  uniques: unknown[];
}

/** Dictionary-encode a column into ranks of its sorted distinct values; null -> rank `uniques.length - 1` or -1. */
export function encodeColumn(col: unknown[], dropNull: boolean): Encoded {
  const n = col.length;
  const map = new Map<unknown, number>();
  const firstSeen: unknown[] = [];
  const raw = new Int32Array(n);
  let hasNull = false;
  for (let i = 0; i < n; i++) {
    let v = col[i];
    if (isNull(v)) {
      raw[i] = -1;
      hasNull = true;
      continue;
    }
    if (v instanceof Date) v = v.getTime();
    let c = map.get(v);
    if (c === undefined) {
      c = firstSeen.length;
      map.set(v, c);
      firstSeen.push(v);
    }
    raw[i] = c;
  }
  const order = firstSeen.map((_, i) => i).sort((a, b) => compareValues(firstSeen[a], firstSeen[b]));
  const rankOf = new Int32Array(firstSeen.length);
  for (let r = 0; r < order.length; r++) rankOf[order[r]] = r;
  const uniques = order.map((i) => firstSeen[i]);
  const nullRank = dropNull || !hasNull ? -1 : uniques.length;
  if (nullRank >= 0) uniques.push(null);
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) codes[i] = raw[i] < 0 ? nullRank : rankOf[raw[i]];
  return { codes, uniques };
}

/** Group rows by the given key columns. With no key columns every row falls in one group. */
export function groupBy(keyCols: unknown[][], nRows: number, dropNull = true): Grouping {
  const enc = keyCols.map((c) => encodeColumn(c, dropNull));
  const gid = new Int32Array(nRows);
  if (!enc.length) {
    gid.fill(0);
    return { gid, nGroups: nRows ? 1 : 0, keys: [], ranks: [] };
  }
  let product = 1;
  for (const e of enc) product *= Math.max(1, e.uniques.length);
  const numeric = product < 2 ** 52;
  const mults = new Float64Array(enc.length);
  let m = 1;
  for (let k = enc.length - 1; k >= 0; k--) {
    mults[k] = m;
    m *= Math.max(1, enc[k].uniques.length);
  }
  if (numeric && product <= Math.max(1 << 16, 4 * nRows)) return denseGroups(enc, keyCols, nRows, product, mults, gid);
  const seen = new Map<number | string, number>();
  const firstRow: number[] = [];
  const combined: number[] = [];
  for (let i = 0; i < nRows; i++) {
    let key: number | string = 0;
    let dropped = false;
    if (numeric) {
      let acc = 0;
      for (let k = 0; k < enc.length; k++) {
        const c = enc[k].codes[i];
        if (c < 0) {
          dropped = true;
          break;
        }
        acc += c * mults[k];
      }
      key = acc;
    } else {
      const parts: number[] = [];
      for (let k = 0; k < enc.length; k++) {
        const c = enc[k].codes[i];
        if (c < 0) {
          dropped = true;
          break;
        }
        parts.push(c);
      }
      key = parts.join(',');
    }
    if (dropped) {
      gid[i] = -1;
      continue;
    }
    let g = seen.get(key);
    if (g === undefined) {
      g = firstRow.length;
      seen.set(key, g);
      firstRow.push(i);
      combined.push(typeof key === 'number' ? key : 0);
    }
    gid[i] = g;
  }
  const nGroups = firstRow.length;
  const order = Array.from({ length: nGroups }, (_, i) => i);
  if (numeric) order.sort((a, b) => combined[a] - combined[b]);
  else {
    order.sort((a, b) => {
      for (const e of enc) {
        const d = e.codes[firstRow[a]] - e.codes[firstRow[b]];
        if (d) return d;
      }
      return 0;
    });
  }
  const remap = new Int32Array(nGroups);
  for (let r = 0; r < nGroups; r++) remap[order[r]] = r;
  for (let i = 0; i < nRows; i++) if (gid[i] >= 0) gid[i] = remap[gid[i]];
  const keys = keyCols.map((col) => order.map((g) => {
    const v = col[firstRow[g]];
    return isNull(v) ? null : v instanceof Date ? v.getTime() : v;
  }));
  const ranks = enc.map((e) => Int32Array.from(order, (g) => e.codes[firstRow[g]]));
  return { gid, nGroups, keys, ranks };
}

/** Grouping through a dense key table when the key space is small: groups come out sorted for free. */
function denseGroups(enc: Encoded[], keyCols: unknown[][], nRows: number, product: number, mults: Float64Array, gid: Int32Array): Grouping {
  const table = new Int32Array(product).fill(-1);
  const rowKey = new Int32Array(nRows);
  const nk = enc.length;
  for (let i = 0; i < nRows; i++) {
    let acc = 0;
    for (let k = 0; k < nk; k++) {
      const c = enc[k].codes[i];
      if (c < 0) {
        acc = -1;
        break;
      }
      acc += c * mults[k];
    }
    rowKey[i] = acc;
    if (acc >= 0) table[acc] = 0;
  }
  let nGroups = 0;
  for (let key = 0; key < product; key++) if (table[key] === 0) table[key] = ++nGroups;
  const firstRow = new Int32Array(nGroups).fill(-1);
  for (let i = 0; i < nRows; i++) {
    const key = rowKey[i];
    if (key < 0) {
      gid[i] = -1;
      continue;
    }
    const g = table[key] - 1;
    gid[i] = g;
    if (firstRow[g] < 0) firstRow[g] = i;
  }
  const ranks = enc.map((e) => {
    const r = new Int32Array(nGroups);
    for (let g = 0; g < nGroups; g++) r[g] = e.codes[firstRow[g]];
    return r;
  });
  const keys = keyCols.map((col) => {
    const out = new Array<unknown>(nGroups);
    for (let g = 0; g < nGroups; g++) {
      const v = col[firstRow[g]];
      out[g] = isNull(v) ? null : v instanceof Date ? v.getTime() : v;
    }
    return out;
  });
  return { gid, nGroups, keys, ranks };
}

/** Row indices bucketed by group: rows of group g are `rows[offsets[g] .. offsets[g+1])`, in row order. */
export function bucketRows(g: Grouping): { offsets: Int32Array; rows: Int32Array } {
  const offsets = new Int32Array(g.nGroups + 1);
  const n = g.gid.length;
  for (let i = 0; i < n; i++) if (g.gid[i] >= 0) offsets[g.gid[i] + 1]++;
  for (let k = 0; k < g.nGroups; k++) offsets[k + 1] += offsets[k];
  const pos = offsets.slice(0, g.nGroups);
  const rows = new Int32Array(offsets[g.nGroups]);
  for (let i = 0; i < n; i++) {
    const k = g.gid[i];
    if (k >= 0) rows[pos[k]++] = i;
  }
  return { offsets, rows };
}

const OPERATOR_ALIASES: Record<string, string> = {
  sum: 'sum', nansum: 'sum', mean: 'mean', average: 'mean', nanmean: 'mean', avg: 'mean',
  median: 'median', nanmedian: 'median', min: 'min', nanmin: 'min', max: 'max', nanmax: 'max',
  count: 'count', size: 'size', std: 'std', var: 'var', prod: 'prod', product: 'prod',
  percentile: 'percentile', nanpercentile: 'percentile', quantile: 'quantile',
  first: 'first', last: 'last', count_nonzero: 'count_nonzero',
};

/** Canonical aggregate operator, or undefined when not supported. */
export const canonicalOperator = (op: string): string | undefined => OPERATOR_ALIASES[op];

/** Quantile of `sorted[0..len)` at p in [0, 1] with numpy's interpolation methods. */
export function quantileSorted(sorted: Float64Array, len: number, p: number, method = 'linear'): number {
  if (!len) return NaN;
  const h = (len - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(len - 1, Math.ceil(h));
  switch (method) {
    case 'lower':
      return sorted[lo];
    case 'higher':
      return sorted[hi];
    case 'midpoint':
      return (sorted[lo] + sorted[hi]) / 2;
    case 'nearest': {
      const frac = h - lo;
      // numpy rounds half to even
      if (frac === 0.5) return sorted[lo % 2 === 0 ? lo : hi];
      return sorted[frac < 0.5 ? lo : hi];
    }
    default: {
      const a = sorted[lo];
      const b = sorted[hi];
      return a + (b - a) * (h - lo);
    }
  }
}

export interface AggSpec {
  operator: string;
  options?: Record<string, unknown>;
}

/** Aggregate a column per group. Returns the result column and its GenericDataType. */
export function aggregateColumn(
  col: unknown[],
  coltype: number,
  g: Grouping,
  spec: AggSpec,
  operation: string,
): { column: unknown[]; type: number } {
  const op = canonicalOperator(spec.operator);
  if (!op) throw new PostProcessingError(`Invalid numpy function: ${spec.operator} (operation ${operation})`);
  const opts = spec.options ?? {};
  const ng = g.nGroups;
  const gid = g.gid;
  const n = gid.length;
  if (op === 'first' || op === 'last' || ((op === 'min' || op === 'max') && coltype !== GenericDataType.NUMERIC && coltype !== GenericDataType.TEMPORAL)) {
    const out = new Array<unknown>(ng).fill(null);
    const set = new Uint8Array(ng);
    for (let i = 0; i < n; i++) {
      const k = gid[i];
      const v = col[i];
      if (k < 0 || isNull(v)) continue;
      if (op === 'first') {
        if (!set[k]) { out[k] = v; set[k] = 1; }
      } else if (op === 'last') out[k] = v;
      else if (!set[k] || (op === 'min' ? compareValues(v, out[k]) < 0 : compareValues(v, out[k]) > 0)) {
        out[k] = v;
        set[k] = 1;
      }
    }
    return { column: out, type: coltype };
  }
  const x = toFloat64(col);
  const res = new Float64Array(ng);
  const cnt = new Float64Array(ng);
  switch (op) {
    case 'sum':
    case 'mean': {
      for (let i = 0; i < n; i++) {
        const k = gid[i];
        const v = x[i];
        if (k < 0 || v !== v) continue;
        res[k] += v;
        cnt[k]++;
      }
      if (op === 'mean') for (let k = 0; k < ng; k++) res[k] = cnt[k] ? res[k] / cnt[k] : NaN;
      break;
    }
    case 'prod': {
      res.fill(1);
      for (let i = 0; i < n; i++) if (gid[i] >= 0 && x[i] === x[i]) res[gid[i]] *= x[i];
      break;
    }
    case 'count':
    case 'count_nonzero':
    case 'size': {
      for (let i = 0; i < n; i++) {
        const k = gid[i];
        if (k < 0) continue;
        if (op === 'size' || (op === 'count' ? x[i] === x[i] || !isNull(col[i]) : x[i] !== 0)) res[k]++;
      }
      break;
    }
    case 'min':
    case 'max': {
      res.fill(NaN);
      const isMin = op === 'min';
      for (let i = 0; i < n; i++) {
        const k = gid[i];
        const v = x[i];
        if (k < 0 || v !== v) continue;
        const cur = res[k];
        if (cur !== cur || (isMin ? v < cur : v > cur)) res[k] = v;
      }
      break;
    }
    case 'std':
    case 'var': {
      // Welford per group; numpy's default ddof is 0.
      const ddof = typeof opts.ddof === 'number' ? opts.ddof : 0;
      const mean = new Float64Array(ng);
      for (let i = 0; i < n; i++) {
        const k = gid[i];
        const v = x[i];
        if (k < 0 || v !== v) continue;
        const c = ++cnt[k];
        const d = v - mean[k];
        mean[k] += d / c;
        res[k] += d * (v - mean[k]);
      }
      for (let k = 0; k < ng; k++) {
        const dof = cnt[k] - ddof;
        const variance = cnt[k] && dof > 0 ? res[k] / dof : NaN;
        res[k] = op === 'std' ? Math.sqrt(variance) : variance;
      }
      break;
    }
    case 'median':
    case 'percentile':
    case 'quantile': {
      let p = 0.5;
      if (op !== 'median') {
        const q = opts.q ?? opts.quantile;
        if (typeof q !== 'number') throw new PostProcessingError(`Option "q" of aggregate operator ${spec.operator} is expected to be a number (operation ${operation})`);
        p = op === 'percentile' ? q / 100 : q;
        if (!(p >= 0 && p <= 1)) throw new PostProcessingError(`Option "q" of aggregate operator ${spec.operator} is out of range (operation ${operation})`);
      }
      const method = String(opts.method ?? opts.interpolation ?? 'linear');
      const { offsets, rows } = bucketRows(g);
      const scratch = new Float64Array(rows.length);
      for (let k = 0; k < ng; k++) {
        let len = 0;
        for (let j = offsets[k]; j < offsets[k + 1]; j++) {
          const v = x[rows[j]];
          if (v === v) scratch[len++] = v;
        }
        const view = scratch.subarray(0, len);
        view.sort();
        res[k] = quantileSorted(view, len, p, method);
      }
      break;
    }
    default:
      throw new PostProcessingError(`Invalid numpy function: ${spec.operator} (operation ${operation})`);
  }
  const out = new Array<number | null>(ng);
  for (let k = 0; k < ng; k++) out[k] = res[k] !== res[k] ? null : res[k];
  return { column: out, type: GenericDataType.NUMERIC };
}

/** Superset's aggregate config `{label: {column?, operator, options?}}`, validated. */
export interface AggregateConfig {
  label: string;
  column: string;
  operator: string;
  options?: Record<string, unknown>;
}

export function parseAggregates(raw: unknown, operation: string, columnNames: (name: string) => boolean): AggregateConfig[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new PostProcessingError(`Option "aggregates" of post processing operation "${operation}" is expected to be an object`);
  }
  const out: AggregateConfig[] = [];
  for (const [label, cfg] of Object.entries(raw as Record<string, unknown>)) {
    const obj = (cfg ?? {}) as Record<string, unknown>;
    const column = typeof obj.column === 'string' ? obj.column : label;
    if (!columnNames(column)) throw new MissingColumnsError(`Column referenced by aggregate is undefined: ${column}`);
    if (typeof obj.operator !== 'string') throw new PostProcessingError(`Operator undefined for aggregator: ${label}`);
    if (!canonicalOperator(obj.operator)) throw new PostProcessingError(`Invalid numpy function: ${obj.operator}`);
    const options = obj.options && typeof obj.options === 'object' ? (obj.options as Record<string, unknown>) : undefined;
    out.push({ label, column, operator: obj.operator, options });
  }
  return out;
}
