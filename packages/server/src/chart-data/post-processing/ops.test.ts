import { describe, expect, it } from 'vitest';
import { applyPostProcessing, GenericDataType as T, joinTimeOffsets, PostProcessingError, type Frame } from './index';
import { pyFloat } from './frame';

const N = T.NUMERIC;
const S = T.STRING;
const D = T.TEMPORAL;
const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
const frame = (cols: Record<string, [number, unknown[]]>): Frame => ({
  colnames: Object.keys(cols),
  coltypes: Object.values(cols).map((c) => c[0]),
  columns: Object.values(cols).map((c) => c[1]),
});
const asObj = (f: Frame) => Object.fromEntries(f.colnames.map((c, i) => [c, f.columns[i]]));
const run = (f: Frame, operation: string, options: Record<string, unknown>) => applyPostProcessing(f, [{ operation, options }]);

describe('applyPostProcessing', () => {
  it('rejects unknown operations and passes through with no steps', () => {
    const f = frame({ a: [N, [1]] });
    expect(() => run(f, 'nope', {})).toThrow('Invalid post processing operation: nope');
    expect(() => run(f, 'nope', {})).toThrow(PostProcessingError);
    expect(applyPostProcessing(f, [])).toBe(f);
  });
});

describe('aggregate', () => {
  const f = frame({ g: [S, ['b', 'a', 'b', null, 'a']], x: [N, [1, 2, 3, 4, null]] });
  it('groups sorted, drops null keys, skips null values', () => {
    const out = run(f, 'aggregate', {
      groupby: ['g'],
      aggregates: {
        s: { column: 'x', operator: 'sum' }, m: { column: 'x', operator: 'mean' }, c: { column: 'x', operator: 'count' },
        mx: { column: 'x', operator: 'max' }, p: { column: 'x', operator: 'percentile', options: { q: 50 } },
        f: { column: 'g', operator: 'first' },
      },
    });
    expect(asObj(out)).toEqual({ g: ['a', 'b'], s: [2, 4], m: [2, 2], c: [1, 2], mx: [2, 3], p: [2, 2], f: ['a', 'b'] });
  });
  it('aggregates everything without groupby; std is population (numpy)', () => {
    const out = run(f, 'aggregate', { aggregates: { sd: { column: 'x', operator: 'std' }, v: { column: 'x', operator: 'var' } } });
    expect(out.colnames).toEqual(['sd', 'v']);
    expect(out.columns[1][0]).toBeCloseTo(1.25, 12);
  });
  it('handles empty frames and errors', () => {
    const empty = frame({ g: [S, []], x: [N, []] });
    expect(asObj(run(empty, 'aggregate', { groupby: ['g'], aggregates: { s: { column: 'x', operator: 'sum' } } }))).toEqual({ g: [], s: [] });
    expect(() => run(f, 'aggregate', { aggregates: { s: { column: 'zz', operator: 'sum' } } })).toThrow('Column referenced by aggregate is undefined: zz');
    expect(() => run(f, 'aggregate', { aggregates: { s: { column: 'x' } } })).toThrow('Operator undefined for aggregator: s');
    expect(() => run(f, 'aggregate', { aggregates: { s: { column: 'x', operator: 'bogus' } } })).toThrow('Invalid numpy function: bogus');
  });
});

describe('pivot', () => {
  const f = frame({
    ts: [D, [day('2020-01-01'), day('2020-01-01'), day('2020-01-02'), day('2020-01-02'), day('2020-01-02')]],
    g: [S, ['boy', 'girl', 'boy', null, 'boy']],
    'SUM(num)': [N, [1, 2, 3, 4, 5]],
    'MAX(x)': [N, [10, 20, 30, 40, 50]],
  });
  it('single metric: flattened column values, <NULL> fill, missing cells null', () => {
    const out = run(f, 'pivot', { index: ['ts'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } }, flatten_columns: true, reset_index: true });
    expect(asObj(out)).toEqual({
      ts: [day('2020-01-01'), day('2020-01-02')], '<NULL>': [null, 4], boy: [1, 8], girl: [2, null],
    });
  });
  it('two metrics: metric-major sorted labels "metric, value"; combine_value_with_metric reorders', () => {
    const aggs = { 'SUM(num)': { operator: 'sum' }, 'MAX(x)': { operator: 'max' } };
    const out = run(f, 'pivot', { index: ['ts'], columns: ['g'], aggregates: aggs, column_fill_value: '' });
    expect(out.colnames).toEqual(['ts', 'MAX(x), boy', 'MAX(x), girl', 'SUM(num), boy', 'SUM(num), girl']);
    expect(out.columns[3]).toEqual([1, 8]);
    const comb = run(f, 'pivot', { index: ['ts'], columns: ['g'], aggregates: aggs, combine_value_with_metric: true });
    expect(comb.colnames).toEqual(['ts', '<NULL>, MAX(x)', '<NULL>, SUM(num)', 'boy, MAX(x)', 'boy, SUM(num)', 'girl, MAX(x)', 'girl, SUM(num)']);
  });
  it('unflattened pivot + flatten keeps the metric level (Superset frontend pipeline)', () => {
    const out = applyPostProcessing(f, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } }, flatten_columns: false, reset_index: false } },
      { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
      { operation: 'flatten' },
    ]);
    expect(asObj(out)).toEqual({ ts: [day('2020-01-01'), day('2020-01-02')], 'SUM(num), <NULL>': [null, 4], 'SUM(num), boy': [1, 9], 'SUM(num), girl': [2, null] });
    const dropped = applyPostProcessing(f, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } }, flatten_columns: false, reset_index: false } },
      { operation: 'flatten', options: { drop_levels: [0] } },
    ]);
    expect(dropped.colnames).toEqual(['ts', '<NULL>', 'boy', 'girl']);
  });
  it('marginal distributions add All column and row aggregated from raw rows', () => {
    const out = run(f, 'pivot', { index: ['ts'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } }, marginal_distributions: true, flatten_columns: true, reset_index: true });
    expect(asObj(out)).toEqual({
      ts: [day('2020-01-01'), day('2020-01-02'), 'All'], '<NULL>': [null, 4, 4], boy: [1, 8, 9], girl: [2, null, 2], All: [3, 12, 15],
    });
  });
  it('metric_fill_value, no columns, errors', () => {
    const out = run(f, 'pivot', { index: ['ts'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } }, metric_fill_value: 0 });
    expect(out.columns[3]).toEqual([2, 0]);
    const noCols = run(f, 'pivot', { index: ['g'], aggregates: { 'SUM(num)': { operator: 'sum' } } });
    expect(asObj(noCols)).toEqual({ g: ['boy', 'girl'], 'SUM(num)': [9, 2] });
    expect(() => run(f, 'pivot', { index: [], aggregates: { 'SUM(num)': { operator: 'sum' } } })).toThrow('Pivot operation requires at least one index');
    expect(() => run(f, 'pivot', { index: ['ts'] })).toThrow('Pivot operation must include at least one aggregate');
    expect(() => run(f, 'pivot', { index: ['nope'], aggregates: { 'SUM(num)': { operator: 'sum' } } })).toThrow('Referenced columns not available');
  });
});

describe('rolling and cum', () => {
  const f = frame({ x: [N, [1, 2, null, 4, 5]] });
  it('rolling sum/mean with min_periods drops the min_periods - 1 rows before the window fills', () => {
    expect(run(f, 'rolling', { rolling_type: 'sum', window: 2, columns: { x: 'x' } }).columns[0]).toEqual([null, 3, null, null, 9]);
    const out = run(f, 'rolling', { rolling_type: 'mean', window: 2, min_periods: 1, columns: { x: 'y' } });
    expect(asObj(out)).toEqual({ x: [1, 2, null, 4, 5], y: [1, 1.5, 2, 4, 4.5] });
    const full = run(f, 'rolling', { rolling_type: 'sum', window: 2, min_periods: 2, columns: { x: 'y' } });
    expect(asObj(full)).toEqual({ x: [2, null, 4, 5], y: [3, null, null, 9] });
    expect(run(f, 'rolling', { rolling_type: 'max', window: 3, min_periods: 0, columns: { x: 'x' } }).columns[0]).toEqual([1, 2, 2, 4, 5]);
    expect(run(f, 'rolling', { rolling_type: 'std', window: 2, columns: { x: 'x' } }).columns[0][4]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(run(f, 'rolling', { rolling_type: 'quantile', window: 3, min_periods: 0, rolling_type_options: { quantile: 0.5 }, columns: { x: 'x' } }).columns[0]).toEqual([1, 1.5, 1.5, 3, 4.5]);
  });
  it('rolling None / cumsum and validation', () => {
    expect(run(f, 'rolling', { rolling_type: 'None', window: 2 })).toBe(f);
    expect(run(f, 'rolling', { rolling_type: 'cumsum', columns: { x: 'x' } }).columns[0]).toEqual([1, 3, null, 7, 12]);
    expect(() => run(f, 'rolling', { rolling_type: 'sum', window: 1.5, columns: { x: 'x' } })).toThrow(/"window".*is expected to be an integer/);
    expect(() => run(f, 'rolling', { rolling_type: 'sum', window: 2, min_periods: '1', columns: { x: 'x' } })).toThrow(/"min_periods".*is expected to be an integer/);
    expect(() => run(f, 'rolling', { rolling_type: 'sum', columns: { x: 'x' } })).toThrow('Undefined window for rolling operation');
    expect(() => run(f, 'rolling', { rolling_type: 'sum', window: 0, columns: { x: 'x' } })).toThrow('Window must be > 0');
    expect(() => run(f, 'rolling', { rolling_type: 'kurt', window: 2, columns: { x: 'x' } })).toThrow('Invalid rolling_type: kurt');
  });
  it('cum sum/prod/min/max keep nulls', () => {
    expect(run(f, 'cum', { operator: 'sum', columns: { x: 'x' } }).columns[0]).toEqual([1, 3, null, 7, 12]);
    expect(run(f, 'cum', { operator: 'prod', columns: { x: 'p' } }).columns[1]).toEqual([1, 2, null, 8, 40]);
    expect(run(f, 'cum', { operator: 'max', columns: { x: 'x' } }).columns[0]).toEqual([1, 2, null, 4, 5]);
    expect(run(frame({ x: [N, []] }), 'cum', { operator: 'min', columns: { x: 'x' } }).columns[0]).toEqual([]);
    expect(() => run(f, 'cum', { operator: 'avg', columns: { x: 'x' } })).toThrow('Invalid cumulative operator: avg');
  });
});

describe('resample', () => {
  const f = frame({ __timestamp: [D, [day('2020-01-01'), day('2020-01-03'), day('2020-01-04')]], y: [N, [1, 3, null]] });
  it('asfreq with and without fill_value, ffill, bfill, sum', () => {
    const asfreq = run(f, 'resample', { rule: '1D', method: 'asfreq' });
    expect(asObj(asfreq)).toEqual({ __timestamp: [day('2020-01-01'), day('2020-01-02'), day('2020-01-03'), day('2020-01-04')], y: [1, null, 3, null] });
    expect(run(f, 'resample', { rule: '1D', method: 'asfreq', fill_value: 0 }).columns[1]).toEqual([1, 0, 3, 0]);
    expect(run(f, 'resample', { rule: '1D', method: 'ffill' }).columns[1]).toEqual([1, 1, 3, 3]);
    expect(run(f, 'resample', { rule: '1D', method: 'bfill' }).columns[1]).toEqual([1, 3, 3, null]);
    const weekly = run(f, 'resample', { rule: '7D', method: 'sum' });
    expect(asObj(weekly)).toEqual({ __timestamp: [day('2020-01-01')], y: [4] });
  });
  it('calendar rules: MS and 1AS label period starts, 1M labels month ends', () => {
    const m = frame({ __timestamp: [D, [day('2020-01-15'), day('2020-03-02')]], y: [N, [1, 2]] });
    expect(run(m, 'resample', { rule: 'MS', method: 'sum' }).columns).toEqual([[day('2020-01-01'), day('2020-02-01'), day('2020-03-01')], [1, 0, 2]]);
    expect(run(m, 'resample', { rule: '1M', method: 'mean' }).columns).toEqual([[day('2020-01-31'), day('2020-02-29'), day('2020-03-31')], [1, null, 2]]);
    expect(run(m, 'resample', { rule: '1AS', method: 'sum' }).columns).toEqual([[day('2020-01-01')], [3]]);
    expect(() => run(m, 'resample', { rule: '1D', method: 'max' })).toThrow('Resample method should be in');
    expect(() => run(frame({ y: [N, [1]] }), 'resample', { rule: '1D', method: 'sum' })).toThrow('Resample operation requires DatetimeIndex');
  });
});

describe('compare, contribution, diff', () => {
  const f = frame({ a: [N, [10, 3, null]], b: [N, [4, 0, 1]] });
  it('compare difference/percentage/ratio, spec aliases, drop originals', () => {
    expect(asObj(run(f, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'difference' }))['difference__a__b']).toEqual([6, 3, null]);
    expect(asObj(run(f, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'absolute' }))['difference__a__b']).toEqual([6, 3, null]);
    const pct = run(f, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'percentage', drop_original_columns: true });
    expect(asObj(pct)).toEqual({ percentage__a__b: [1.5, null, null] });
    expect(run(f, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'values' })).toBe(f);
    expect(() => run(f, 'compare', { source_columns: ['a'], compare_columns: [], compare_type: 'ratio' })).toThrow('same length');
  });
  it('contribution by column (nulls as 0) and by row with time shifts', () => {
    expect(asObj(run(f, 'contribution', { orientation: 'column' }))).toEqual({ a: [10 / 13, 3 / 13, 0], b: [0.8, 0, 0.2] });
    const g = frame({ ts: [D, [1, 2]], m: [N, [1, 3]], n: [N, [3, 1]], 'm__1 year ago': [N, [2, 2]], 'n__1 year ago': [N, [2, 6]] });
    const out = applyPostProcessing(g, [{ operation: 'contribution', options: { orientation: 'row' } }], { timeOffsets: ['1 year ago'] });
    expect(asObj(out)).toEqual({ ts: [1, 2], m: [0.25, 0.75], n: [0.75, 0.25], 'm__1 year ago': [0.5, 0.25], 'n__1 year ago': [0.5, 0.75] });
    const renamed = run(f, 'contribution', { columns: ['a'], rename_columns: ['%a'] });
    expect(renamed.colnames).toEqual(['a', 'b', '%a']);
    expect(() => run(f, 'contribution', { columns: ['a'], rename_columns: ['x', 'y'] })).toThrow('`rename_columns` must have the same length');
  });
  it('diff rows and columns', () => {
    expect(run(f, 'diff', { columns: { a: 'a' } }).columns[0]).toEqual([null, -7, null]);
    expect(run(f, 'diff', { columns: { b: 'd' }, periods: -1 }).columns[2]).toEqual([4, -1, null]);
    expect(asObj(run(f, 'diff', { columns: { a: 'a', b: 'b' }, axis: 1 }))).toEqual({ a: [null, null, null], b: [-6, -3, null] });
  });
});

describe('sort, select, rename, flatten', () => {
  const f = frame({ g: [S, ['b', null, 'a', 'b']], x: [N, [2, 1, null, 1]] });
  it('sort is stable, multi-key, nulls last both ways', () => {
    expect(asObj(run(f, 'sort', { columns: { x: true } }))).toEqual({ g: [null, 'b', 'b', 'a'], x: [1, 1, 2, null] });
    expect(asObj(run(f, 'sort', { by: 'x', ascending: false }))).toEqual({ g: ['b', null, 'b', 'a'], x: [2, 1, 1, null] });
    expect(asObj(run(f, 'sort', { by: ['g', 'x'], ascending: [true, false] }))).toEqual({ g: ['a', 'b', 'b', null], x: [null, 2, 1, 1] });
    expect(run(frame({ x: [N, []] }), 'sort', { by: 'x' }).columns).toEqual([[]]);
    expect(() => run(f, 'sort', { by: 'nope' })).toThrow('Referenced columns not available');
  });
  it('select columns/exclude/rename', () => {
    expect(asObj(run(f, 'select', { columns: ['x', 'g'], exclude: ['g'], rename: { x: 'y' } }))).toEqual({ y: [2, 1, null, 1] });
    expect(run(f, 'select', { rename: [{ g: 'G' }] }).colnames).toEqual(['G', 'x']);
    expect(() => run(f, 'select', { columns: ['zz'] })).toThrow('Referenced columns not available in DataFrame: zz');
  });
  it('rename plain and leveled columns', () => {
    expect(run(f, 'rename', { columns: { x: 'y' } }).colnames).toEqual(['g', 'y']);
    expect(() => run(f, 'rename', { columns: { x: 'g' } })).toThrow('Label already exists');
    const p = frame({ ts: [D, [1]], g: [S, ['boy']], v: [N, [1]] });
    const out = applyPostProcessing(p, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['g'], aggregates: { v: { operator: 'sum' } }, flatten_columns: false, reset_index: false } },
      { operation: 'rename', options: { columns: { v: 'Total' }, level: 0 } },
      { operation: 'flatten' },
    ]);
    expect(out.colnames).toEqual(['ts', 'Total, boy']);
  });
});

describe('boxplot and histogram', () => {
  it('boxplot tukey stats and outliers', () => {
    const f = frame({ g: [S, ['a', 'a', 'a', 'a', 'a', 'b']], v: [N, [1, 2, 3, 4, 100, 5]] });
    const out = run(f, 'boxplot', { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' });
    expect(out.colnames).toEqual(['g', 'v__mean', 'v__median', 'v__max', 'v__min', 'v__q1', 'v__q3', 'v__count', 'v__outliers']);
    expect(asObj(out)).toEqual({
      g: ['a', 'b'], v__mean: [22, 5], v__median: [3, 5], v__max: [4, 5], v__min: [1, 5], v__q1: [2, 5], v__q3: [4, 5], v__count: [5, 1], v__outliers: [[100], []],
    });
    const mm = run(f, 'boxplot', { groupby: [], metrics: ['v'], whisker_type: 'min/max' });
    expect(asObj(mm).v__max).toEqual([100]);
    expect(() => run(f, 'boxplot', { metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] })).toThrow('percentiles must be');
  });
  it('histogram bins with python float labels, groupby, cumulative, normalize', () => {
    const f = frame({ g: [S, ['a', 'a', 'b', 'b', 'b']], v: [N, [0, 1, 2, 4, null]] });
    const out = run(f, 'histogram', { column: 'v', bins: 2 });
    expect(asObj(out)).toEqual({ '0.0 - 2.0': [2], '2.0 - 4.0': [2] });
    const grouped = run(f, 'histogram', { column: 'v', groupby: ['g'], bins: 2, cumulative: true, normalize: true });
    expect(asObj(grouped)).toEqual({ g: ['a', 'b'], '0.0 - 2.0': [1 / 3, 0], '2.0 - 4.0': [1 / 3, 1 / 3] });
    expect(run(frame({ v: [N, [3]] }), 'histogram', { column: 'v', bins: 1 }).colnames).toEqual(['2.5 - 3.5']);
    expect(() => run(f, 'histogram', { column: 'v', bins: 0 })).toThrow('`bins` must be an integer between 1 and 1000');
    expect(pyFloat(1e-5)).toBe('1e-05');
    expect(pyFloat(1e16)).toBe('1e+16');
    expect(pyFloat(0.1)).toBe('0.1');
  });
  it('histogram labels read without floating-point noise (0.3, not 0 + 3 * 0.1 = 0.30000000000000004)', () => {
    const out = run(frame({ v: [N, [0, 0.25, 0.35, 1]] }), 'histogram', { column: 'v', bins: 10 });
    expect(out.colnames.slice(2, 4)).toEqual(['0.2 - 0.3', '0.3 - 0.4']);
    expect(asObj(out)['0.2 - 0.3']).toEqual([1]);
    expect(asObj(out)['0.3 - 0.4']).toEqual([1]);
  });
});

describe('joinTimeOffsets', () => {
  it('renames metrics and aligns shifted timestamps (calendar-aware years)', () => {
    const base = frame({ __timestamp: [D, [day('2021-01-01'), day('2021-02-28')]], 'SUM(num)': [N, [10, 20]] });
    const lastYear = frame({ __timestamp: [D, [day('2020-01-01'), day('2020-02-28'), day('2020-02-29')]], 'SUM(num)': [N, [1, 2, 3]] });
    const lastWeek = frame({ __timestamp: [D, [day('2020-12-25')]], 'SUM(num)': [N, [7]] });
    const out = joinTimeOffsets(base, [{ offset: '1 year ago', frame: lastYear }, { offset: '1 week ago', frame: lastWeek }], { index: '__timestamp', metrics: ['SUM(num)'] });
    // 2020-02-29 + 1 year clips to 2021-02-28, so that base row matches twice (a pandas left merge).
    expect(asObj(out)).toEqual({
      __timestamp: [day('2021-01-01'), day('2021-02-28'), day('2021-02-28')], 'SUM(num)': [10, 20, 20],
      'SUM(num)__1 year ago': [1, 2, 3], 'SUM(num)__1 week ago': [7, null, null],
    });
    const weeks = joinTimeOffsets(base, [{ offset: '52 weeks ago', frame: lastYear }], { index: ['__timestamp'], metrics: ['SUM(num)'] });
    expect(weeks.columns[2]).toEqual([null, null]);
    expect(() => joinTimeOffsets(base, [{ offset: 'yesterday', frame: lastYear }], { index: '__timestamp', metrics: [] })).toThrow('Invalid time offset');
  });
  it('joins an aggregate without columns row to row (pop_kpi: one total per period)', () => {
    const total = frame({ count: [N, [120]] });
    const out = joinTimeOffsets(total, [{ offset: '7 days ago', frame: frame({ count: [N, [100]] }) }], { index: undefined, metrics: ['count'] });
    expect(asObj(out)).toEqual({ count: [120], 'count__7 days ago': [100] });
  });
});
