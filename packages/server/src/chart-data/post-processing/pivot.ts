/**
 * `pivot`: pandas `pivot_table(values, index, columns, aggfunc, fill_value, dropna, margins)`
 * as Superset calls it. Column labels are tuples (source column, column values...) sorted
 * lexicographically — metric level first, or last with `combine_value_with_metric`. With
 * `flatten_columns` (default) they are joined with ', ', the metric being omitted when there is
 * a single aggregate; otherwise they stay as `levels` for `flatten`. Null column values become
 * `column_fill_value` ('<NULL>'). `drop_missing_columns` (default true) drops null-keyed rows
 * and all-null columns; false keeps every observed column combination (and, for a multi-level
 * index, the cartesian product of index values). `marginal_distributions` adds per-metric
 * 'All' columns and an 'All' row aggregated from the raw rows.
 */
import {
  colIndex, type Frame, GenericDataType, type Label, NULL_STRING, optBool, optStringList, optString, optionError,
  PostProcessingError, pyStr, requireColumns, rowCount, toFloat64,
} from './frame';
import { aggregateColumn, type AggSpec, groupBy, parseAggregates } from './group';

export function pivot(frame: Frame, opts: Record<string, unknown>): Frame {
  const index = optStringList('pivot', opts, 'index') ?? [];
  const columns = optStringList('pivot', opts, 'columns') ?? [];
  requireColumns(frame, [...index, ...columns], 'pivot');
  if (!index.length) throw new PostProcessingError('Pivot operation requires at least one index');
  if (!opts.aggregates || !Object.keys(opts.aggregates as object).length) {
    throw new PostProcessingError('Pivot operation must include at least one aggregate');
  }
  const aggs = parseAggregates(opts.aggregates, 'pivot', (c) => colIndex(frame, c) >= 0);
  const fillRaw = opts.metric_fill_value;
  if (fillRaw !== undefined && fillRaw !== null && typeof fillRaw !== 'number') throw optionError('pivot', 'metric_fill_value', 'is expected to be a number');
  const metricFill = typeof fillRaw === 'number' ? fillRaw : undefined;
  const columnFill = opts.column_fill_value === undefined ? NULL_STRING : optString('pivot', opts, 'column_fill_value');
  const dropna = optBool('pivot', opts, 'drop_missing_columns', true);
  const combine = optBool('pivot', opts, 'combine_value_with_metric', false);
  const margins = optBool('pivot', opts, 'marginal_distributions', false);
  const marginName = optString('pivot', opts, 'marginal_distribution_name') ?? 'All';
  // Modern semantics (the incumbent since 2.x): pivot keeps the column levels and the index; a separate
  // `flatten` step (which every client pipeline sends) joins them.
  const flattenColumns = optBool('pivot', opts, 'flatten_columns', false);
  const resetIndex = optBool('pivot', opts, 'reset_index', false);

  // aggfunc keyed by source column (a later aggregate on the same column wins), metrics sorted.
  const byColumn = new Map<string, AggSpec>();
  for (const a of aggs) byColumn.set(a.column, { operator: a.operator, options: a.options });
  const metrics = [...byColumn.keys()].sort();
  const n = rowCount(frame);
  const idxCols = index.map((c) => frame.columns[colIndex(frame, c)]);
  const colCols = columns.map((c) => {
    const col = frame.columns[colIndex(frame, c)];
    return columnFill ? col.map((v) => (v === null || v === undefined ? columnFill : v)) : col;
  });
  const ni = index.length;
  const g = groupBy([...idxCols, ...colCols], n, dropna);
  const metricCols = metrics.map((m) => colIndex(frame, m));
  const perGroup = metrics.map((m, k) => aggregateColumn(frame.columns[metricCols[k]], frame.coltypes[metricCols[k]], g, byColumn.get(m)!, 'pivot').column);
  const valid = new Uint8Array(g.nGroups).fill(1);
  if (dropna) for (let q = 0; q < g.nGroups; q++) if (perGroup.every((col) => col[q] === null)) valid[q] = 0;

  // Groups come sorted by (index ranks, column ranks): rows are runs of equal index ranks;
  // column combinations get a mixed-radix number over their ranks.
  const nk = ni + columns.length;
  const cmpRanks = (a: number[], b: number[]) => { for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k]; return 0; };
  const card = g.ranks.map((r) => { let m = 0; for (let q = 0; q < r.length; q++) if (r[q] + 1 > m) m = r[q] + 1; return m; });
  const colKeyOf = (q: number) => { let acc = 0; for (let k = ni; k < nk; k++) acc = acc * card[k] + g.ranks[k][q]; return acc; };
  const colMap = new Map<number, number>();
  const colRep: { key: number; ranks: number[]; values: unknown[] }[] = [];
  const groupRow = new Int32Array(g.nGroups).fill(-1);
  const groupCol = new Int32Array(g.nGroups);
  let rowRep: { ranks: number[]; values: unknown[] }[] = [];
  let prev = -1;
  for (let q = 0; q < g.nGroups; q++) {
    if (!valid[q] && dropna) continue;
    const ck = colKeyOf(q);
    let c = colMap.get(ck);
    if (c === undefined) {
      c = colRep.length;
      colMap.set(ck, c);
      colRep.push({ key: ck, ranks: Array.from({ length: columns.length }, (_, k) => g.ranks[ni + k][q]), values: columns.map((_, k) => g.keys[ni + k][q]) });
    }
    groupCol[q] = c;
    if (!valid[q]) continue;
    let same = prev >= 0;
    for (let k = 0; same && k < ni; k++) if (g.ranks[k][q] !== g.ranks[k][prev]) same = false;
    if (!same) rowRep.push({ ranks: Array.from({ length: ni }, (_, k) => g.ranks[k][q]), values: index.map((_, k) => g.keys[k][q]) });
    groupRow[q] = rowRep.length - 1;
    prev = q;
  }
  if (!dropna && ni > 1) {
    // pandas reindexes a multi-level index to the cartesian product of its levels.
    const levels = index.map((_, k) => {
      const seen = new Map<number, unknown>();
      for (const r of rowRep) seen.set(r.ranks[k], r.values[k]);
      return [...seen.entries()].sort((x, y) => x[0] - y[0]);
    });
    const product = levels.reduce<{ ranks: number[]; values: unknown[] }[]>(
      (acc, lvl) => acc.flatMap((p) => lvl.map(([rk, v]) => ({ ranks: [...p.ranks, rk], values: [...p.values, v] }))),
      [{ ranks: [], values: [] }],
    );
    const pos = new Map(product.map((r, i) => [r.ranks.join(','), i]));
    const remap = rowRep.map((r) => pos.get(r.ranks.join(',')) as number);
    for (let q = 0; q < g.nGroups; q++) if (groupRow[q] >= 0) groupRow[q] = remap[groupRow[q]];
    rowRep = product;
  }
  const rows = rowRep;
  const colOrder = colRep.map((_, i) => i).sort((x, y) => colRep[x].key - colRep[y].key);
  const colPosOf = new Int32Array(colRep.length);
  colOrder.forEach((c, i) => { colPosOf[c] = i; });
  const cols = colOrder.map((c) => colRep[c]);
  void cmpRanks;
  const R = rows.length;
  const C = Math.max(1, cols.length);
  const cells = metrics.map(() => Array.from({ length: C }, () => new Float64Array(R).fill(NaN)));
  for (let q = 0; q < g.nGroups; q++) {
    const r = groupRow[q];
    if (r < 0) continue;
    const c = columns.length ? colPosOf[groupCol[q]] : 0;
    for (let m = 0; m < metrics.length; m++) { const v = perGroup[m][q]; cells[m][c][r] = v === null ? NaN : (v as number); }
  }
  if (metricFill !== undefined) for (const mc of cells) for (const col of mc) for (let r = 0; r < R; r++) if (col[r] !== col[r]) col[r] = metricFill;

  // Data columns: (metric, colvals...) labels, plus margins.
  interface OutCol { metric: string; colvals: Label[]; values: Float64Array; margin: boolean }
  const outCols: OutCol[] = [];
  const colLabels = cols.map((c) => c.values.map((v, k) => pyStr(v, typeof v === 'number' ? frame.coltypes[colIndex(frame, columns[k])] : undefined)));
  let rowMargin: Float64Array[][] | null = null;
  let marginRowIndex: unknown[] | null = null;
  if (margins && n > 0) {
    // Margins aggregate the raw rows whose keys and values are all present (when dropna).
    const keep = new Uint8Array(n).fill(1);
    if (dropna) for (let i = 0; i < n; i++) if (g.gid[i] < 0 || metricCols.some((ci) => frame.columns[ci][i] === null || frame.columns[ci][i] === undefined || Number.isNaN(frame.columns[ci][i]))) keep[i] = 0;
    const sub = (col: unknown[]) => col.filter((_, i) => keep[i]);
    const nKeep = keep.reduce((a, b) => a + b, 0);
    const byIndex = groupBy(idxCols.map(sub), nKeep, dropna);
    const byCols = groupBy(colCols.map(sub), nKeep, dropna);
    const all = groupBy([], nKeep, dropna);
    const lookup = (grp: typeof byIndex, keyRanks: (q: number) => string, target: Map<string, number>) => {
      const m = new Int32Array(grp.nGroups).fill(-1);
      for (let q = 0; q < grp.nGroups; q++) m[q] = target.get(keyRanks(q)) ?? -1;
      return m;
    };
    // Map margin groups onto table rows/columns by key values (ranks differ between groupings).
    const valKey = (vals: unknown[]) => JSON.stringify(vals);
    const rowByVal = new Map(rows.map((r, i) => [valKey(r.values), i]));
    const colByVal = new Map(cols.map((c, i) => [valKey(c.values), i]));
    const idxMap = lookup(byIndex, (q) => valKey(byIndex.keys.map((k) => k[q])), rowByVal);
    const colMapM = lookup(byCols, (q) => valKey(byCols.keys.map((k) => k[q])), colByVal);
    rowMargin = metrics.map(() => []);
    metrics.forEach((metric, m) => {
      const spec = byColumn.get(metric)!;
      const src = sub(frame.columns[metricCols[m]]);
      const t = frame.coltypes[metricCols[m]];
      const perRow = toFloat64(aggregateColumn(src, t, byIndex, spec, 'pivot').column);
      const perCol = toFloat64(aggregateColumn(src, t, byCols, spec, 'pivot').column);
      const grand = toFloat64(aggregateColumn(src, t, all, spec, 'pivot').column);
      const colMarginValues = new Float64Array(R).fill(NaN);
      for (let q = 0; q < byIndex.nGroups; q++) if (idxMap[q] >= 0) colMarginValues[idxMap[q]] = perRow[q];
      const rowVals = new Float64Array(C + 1).fill(NaN);
      if (columns.length) for (let q = 0; q < byCols.nGroups; q++) { if (colMapM[q] >= 0) rowVals[colMapM[q]] = perCol[q]; }
      else rowVals[0] = grand[0];
      rowVals[C] = grand.length ? grand[0] : NaN;
      (rowMargin as Float64Array[][])[m] = [rowVals];
      if (columns.length) cells[m].push(colMarginValues);
    });
    marginRowIndex = index.map((_, k) => (k === 0 ? marginName : ''));
  }
  const marginLabel: Label[] = columns.map((_, k) => (k === 0 ? marginName : ''));
  metrics.forEach((metric, m) => {
    const block = cells[m];
    const count = columns.length ? cols.length : 1;
    for (let c = 0; c < count; c++) {
      let values = block[c];
      if (rowMargin) values = Float64Array.from([...values, rowMargin[m][0][columns.length ? c : 0]]);
      outCols.push({ metric, colvals: columns.length ? colLabels[c] : [], values, margin: false });
    }
    if (rowMargin && columns.length) {
      const values = Float64Array.from([...block[cols.length], rowMargin[m][0][C]]);
      outCols.push({ metric, colvals: marginLabel, values, margin: true });
    }
  });
  // Zero rows keep their metric columns (every column is 'all null' then): later steps name them.
  let finalCols = dropna && R > 0 ? outCols.filter((c) => c.values.some((v) => v === v)) : outCols;
  if (combine && columns.length) {
    const order = new Map<string, number>();
    finalCols.forEach((c) => { const k = JSON.stringify(c.colvals); if (!order.has(k)) order.set(k, c.margin ? 1e9 + order.size : order.size); });
    finalCols = [...finalCols].sort((a, b) => order.get(JSON.stringify(a.colvals))! - order.get(JSON.stringify(b.colvals))! || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0));
  }
  const tupleOf = (c: OutCol): Label[] => (columns.length ? (combine ? [...c.colvals, c.metric] : [c.metric, ...c.colvals]) : [c.metric]);
  const singleAggregate = aggs.length === 1;
  const R2 = R + (rowMargin ? 1 : 0);
  const out: Frame = { colnames: [], coltypes: [], columns: [] };
  index.forEach((name, k) => {
    const values: unknown[] = rows.map((r) => r.values[k]);
    let type = frame.coltypes[colIndex(frame, name)];
    if (marginRowIndex) {
      values.push(marginRowIndex[k]);
      type = GenericDataType.STRING;
    }
    out.colnames.push(name);
    out.coltypes.push(type);
    out.columns.push(values);
  });
  const levels: (Label[] | null)[] = index.map(() => null);
  for (const c of finalCols) {
    const t = tupleOf(c);
    levels.push(t);
    const shown = flattenColumns && singleAggregate && t.length > 1 ? t.slice(1) : t;
    out.colnames.push(shown.map(String).join(', '));
    out.coltypes.push(GenericDataType.NUMERIC);
    const col = new Array<number | null>(R2);
    for (let r = 0; r < R2; r++) { const v = c.values[r]; col[r] = v !== v ? null : v; }
    out.columns.push(col);
  }
  if (!flattenColumns && columns.length) {
    out.levels = levels;
    out.levelNames = [null, ...columns];
  }
  if (!resetIndex) out.indexCount = ni;
  return out;
}
