import { describe, expect, it } from 'vitest';
import { applyPostProcessing, GenericDataType as T, PostProcessingError, type Frame, type PostProcessingStep } from './index';

/**
 * A query that returns no rows (the example sales with time range 'Last quarter', a filter matching
 * nothing) goes through the same post-processing as one with rows. Every pipeline the chart plugins send
 * must come out as an empty frame, so the chart draws its empty state instead of answering
 * 'Referenced columns not available in DataFrame' (VIZ_GET_DF_ERROR).
 */
const empty = (cols: Record<string, number>): Frame => ({ colnames: Object.keys(cols), coltypes: Object.values(cols), columns: Object.values(cols).map(() => []) });

const pivot = (index: string, columns: string[], metrics: string[], dropMissing: boolean): PostProcessingStep => ({
  operation: 'pivot',
  options: {
    index: [index],
    columns,
    aggregates: Object.fromEntries(metrics.map((m) => [m, { operator: 'mean' }])),
    drop_missing_columns: dropMissing,
    flatten_columns: false,
    reset_index: false,
  },
});

/** The pipelines of the example charts (as their plugins' buildQuery send them) and the columns they query. */
const PIPELINES: [string, Record<string, number>, PostProcessingStep[], string[]][] = [
  [
    'grouped time series (pivot by a series column, rename the metric away, flatten)',
    { order_date: T.TEMPORAL, deal_size: T.STRING, 'SUM(sales)': T.NUMERIC },
    [pivot('order_date', ['deal_size'], ['SUM(sales)'], false), { operation: 'rename', options: { columns: { 'SUM(sales)': null }, level: 0, inplace: true } }, { operation: 'flatten' }],
    ['order_date'],
  ],
  [
    'grouped time series with a rolling window',
    { __timestamp: T.TEMPORAL, name: T.STRING, count: T.NUMERIC },
    [pivot('__timestamp', ['name'], ['count'], true), { operation: 'rolling', options: { rolling_type: 'mean', window: 14, min_periods: 0, columns: { count: 'count' } } }, { operation: 'flatten' }],
    ['__timestamp'],
  ],
  [
    'big number with trendline and a cumulative sum',
    { order_date: T.TEMPORAL, 'SUM(Sales)': T.NUMERIC },
    [pivot('order_date', [], ['SUM(Sales)'], true), { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(Sales)': 'SUM(Sales)' } } }, { operation: 'flatten' }],
    ['order_date', 'SUM(Sales)'],
  ],
  [
    'two-metric time series with resample, contribution and sort',
    { ds: T.TEMPORAL, boys: T.NUMERIC, girls: T.NUMERIC },
    [
      pivot('ds', [], ['boys', 'girls'], false),
      { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_method: null } },
      { operation: 'contribution', options: { orientation: 'row' } },
      { operation: 'sort', options: { is_sort_index: true } },
      { operation: 'flatten' },
    ],
    ['ds', 'boys', 'girls'],
  ],
  [
    'time comparison (compare) and diff',
    { ds: T.TEMPORAL, a: T.NUMERIC, 'a__1 year ago': T.NUMERIC },
    [
      { operation: 'compare', options: { source_columns: ['a'], compare_columns: ['a__1 year ago'], compare_type: 'difference', drop_original_columns: true } },
      { operation: 'diff', options: { columns: { 'difference__a__a__1 year ago': 'difference__a__a__1 year ago' }, periods: 1 } },
    ],
    ['ds', 'difference__a__a__1 year ago'],
  ],
  [
    'sort and select by a column a pivot of rows would have made',
    { ds: T.TEMPORAL, g: T.STRING, m: T.NUMERIC },
    [pivot('ds', ['g'], ['m'], true), { operation: 'flatten' }, { operation: 'sort', options: { by: 'm, boy', ascending: false } }, { operation: 'select', options: { columns: ['ds', 'm, boy'] } }],
    ['ds'],
  ],
  ['box plot', { order_date: T.TEMPORAL, product_line: T.STRING, count: T.NUMERIC }, [{ operation: 'boxplot', options: { whisker_type: 'tukey', groupby: ['product_line'], metrics: ['count'] } }], []],
  ['histogram', { deal_size: T.STRING, revenue: T.NUMERIC }, [{ operation: 'histogram', options: { column: 'revenue', groupby: ['deal_size'], bins: 20 } }], []],
  ['aggregate', { g: T.STRING, x: T.NUMERIC }, [{ operation: 'aggregate', options: { groupby: ['g'], aggregates: { s: { column: 'x', operator: 'sum' } } } }], ['g', 's']],
  ['table percent metrics (contribution of named columns)', { school_degree: T.STRING, 'COUNT(x)': T.NUMERIC }, [{ operation: 'contribution', options: { columns: ['COUNT(x)'], rename_columns: ['%COUNT(x)'] } }], ['school_degree', 'COUNT(x)', '%COUNT(x)']],
];

describe('post-processing of an empty result', () => {
  it.each(PIPELINES)('%s: zero rows in, zero rows out, no error', (_name, columns, steps, kept) => {
    const out = applyPostProcessing(empty(columns), steps);
    expect(out.columns.every((c) => c.length === 0)).toBe(true);
    for (const name of kept) expect(out.colnames).toContain(name);
  });

  it('keeps the columns each step can name without rows: pivot metrics, rename, select, sort', () => {
    const frame = empty({ ds: T.TEMPORAL, count: T.NUMERIC, other: T.NUMERIC });
    const out = applyPostProcessing(frame, [
      pivot('ds', [], ['count', 'other'], true),
      { operation: 'flatten' },
      { operation: 'rename', options: { columns: { count: 'Orders' } } },
      { operation: 'sort', options: { by: 'Orders', ascending: false } },
      { operation: 'select', options: { columns: ['ds', 'Orders'] } },
    ]);
    expect(out.colnames).toEqual(['ds', 'Orders']);
    expect(out.coltypes).toEqual([T.TEMPORAL, T.NUMERIC]);
  });

  it('still refuses bad options and unknown operations on zero rows', () => {
    const frame = empty({ ds: T.TEMPORAL, count: T.NUMERIC });
    expect(() => applyPostProcessing(frame, [{ operation: 'nope' }])).toThrow(PostProcessingError);
    expect(() => applyPostProcessing(frame, [{ operation: 'rolling', options: { rolling_type: 'mean', columns: { count: 'count' } } }])).toThrow('Undefined window for rolling operation');
  });

  it('still reports a missing column when there are rows', () => {
    const frame: Frame = { colnames: ['ds', 'count'], coltypes: [T.TEMPORAL, T.NUMERIC], columns: [[0], [1]] };
    expect(() => applyPostProcessing(frame, [{ operation: 'cum', options: { operator: 'sum', columns: { nope: 'nope' } } }])).toThrow('Referenced columns not available in DataFrame: nope');
  });
});
