import { describe, expect, it } from 'vitest';
import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { barChartPlugin, lineChartPlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const fd: QueryFormData = {
  datasource: '22__table', viz_type: 'echarts_timeseries_line', x_axis: 'order_date', time_grain_sqla: 'P1M', metrics: ['count'],
  groupby: ['product_line'], row_limit: 10000, truncate_metric: true, show_empty_columns: true, comparison_type: 'values',
  sort_series_type: 'sum', color_scheme: 'supersetColors', y_axis_format: 'SMART_NUMBER',
};

describe('time-series buildQuery', () => {
  it('emits the incumbent pipeline', () => {
    const q = lineChartPlugin.buildQuery(fd).queries[0];
    expect(q.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }, 'product_line']);
    expect(q.series_columns).toEqual(['product_line']);
    expect(q.orderby).toEqual([['count', false]]);
    expect(q.post_processing).toEqual([
      { operation: 'pivot', options: { index: ['order_date'], columns: ['product_line'], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false, flatten_columns: false, reset_index: false } },
      { operation: 'rename', options: { columns: { count: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });
  it('adds rolling, compare and resample', () => {
    const q = lineChartPlugin.buildQuery({ ...fd, groupby: [], rolling_type: 'mean', rolling_periods: 7, min_periods: '2', time_compare: ['1 year ago'], comparison_type: 'percentage', resample_rule: '1D', resample_method: 'zerofill' }).queries[0];
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing?.slice(1)).toEqual([
      { operation: 'rolling', options: { rolling_type: 'mean', window: 7, min_periods: 2, columns: { count: 'count', 'count__1 year ago': 'count__1 year ago' } } },
      { operation: 'compare', options: { source_columns: ['count'], compare_columns: ['count__1 year ago'], compare_type: 'percentage', drop_original_columns: true } },
      { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
      { operation: 'flatten' },
    ]);
    const cum = lineChartPlugin.buildQuery({ ...fd, rolling_type: 'cumsum' }).queries[0].post_processing;
    expect(cum?.[1]).toEqual({ operation: 'cum', options: { operator: 'sum', columns: { count: 'count' } } });
  });
});

describe('time-series transformProps', () => {
  const jan = Date.UTC(2003, 0, 1);
  const feb = Date.UTC(2003, 1, 1);
  const result: ChartDataResponseResult = {
    ...meta, colnames: ['order_date', 'Classic Cars', 'Ships'], coltypes: [2, 0, 0], rowcount: 2,
    data: [{ order_date: jan, 'Classic Cars': 10, Ships: 40 }, { order_date: feb, 'Classic Cars': null, Ships: 2 }],
  };
  it('builds columnar uPlot data, sorted series, colours and aria', () => {
    const p = lineChartPlugin.transformProps({ formData: fd, queriesData: [result], width: 600, height: 300 });
    expect(p.xMode).toBe('time');
    expect(p.series.map((s) => [s.name, s.color])).toEqual([['Ships', '#1FA8C9'], ['Classic Cars', '#454E7C']]);
    expect(p.data).toEqual([Float64Array.from([jan, feb]), Float64Array.from([40, 2]), [10, null]]);
    expect(p.gate).toEqual({ rowcount: 2, rowState: 'ok', blocked: false });
    expect(p.ariaLabel).toBe('line chart of Ships, Classic Cars: 2 points from 2003-01-01 to 2003-02-01');
    expect(p.yFormat).toBe('SMART_NUMBER');
  });
  it('stacks bars and strips a kept metric level', () => {
    const kept = { ...result, colnames: ['order_date', 'null, Classic Cars', 'null, Ships'], data: result.data!.map((r) => ({ order_date: r.order_date, 'null, Classic Cars': r['Classic Cars'], 'null, Ships': r.Ships })) };
    const p = barChartPlugin.transformProps({ formData: { ...fd, stack: 'Stack', sort_series_type: 'name', sort_series_ascending: true }, queriesData: [kept], width: 600, height: 300 });
    expect(p.series.map((s) => s.name)).toEqual(['Classic Cars', 'Ships']);
    expect(p.stack).toBe(true);
    expect(p.data.slice(1)).toEqual([Float64Array.from([10, 0]), Float64Array.from([50, 2])]);
  });
  it('draws a columnar result from its own arrays and never builds its records', () => {
    const xs = [jan, feb];
    const ships = [40, 2];
    const cars = [10, null];
    const columnar: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'Classic Cars', 'Ships'], coltypes: [2, 0, 0], rowcount: 2, columns: [xs, cars, ships] };
    Object.defineProperty(columnar, 'data', { get: () => { throw new Error('records were built'); } });
    const p = lineChartPlugin.transformProps({ formData: fd, queriesData: [columnar], width: 600, height: 300 });
    expect(p.data[0]).toBe(xs);
    expect(p.data.slice(1)).toEqual([ships, cars]);
    expect(p.data[1]).toBe(ships);
    expect(p.ariaLabel).toBe('line chart of Ships, Classic Cars: 2 points from 2003-01-01 to 2003-02-01');
  });
  it('converts columnar cells that are not plain numbers, and reads category axes from columns', () => {
    const columnar: ChartDataResponseResult = { ...meta, colnames: ['region', 'count'], coltypes: [1, 0], rowcount: 3, columns: [['East', null, 'West'], ['4', 5, '']] };
    const p = barChartPlugin.transformProps({ formData: { ...fd, viz_type: 'echarts_timeseries_bar', x_axis: 'region', groupby: [] }, queriesData: [columnar], width: 600, height: 300 });
    expect(p.xMode).toBe('category');
    expect(p.xLabels).toEqual(['East', '<NULL>', 'West']);
    expect(p.data).toEqual([Float64Array.from([0, 1, 2]), [4, 5, null]]);
    expect(p.crossFilter).toMatchObject({ xColumn: 'region', xValues: ['East', null, 'West'] });
  });
  it('blocks above 500000 rows until confirmed', () => {
    const big = { ...result, rowcount: 600000 };
    expect(lineChartPlugin.transformProps({ formData: fd, queriesData: [big], width: 1, height: 1 }).gate.blocked).toBe(true);
    expect(lineChartPlugin.transformProps({ formData: fd, queriesData: [big], width: 1, height: 1, confirmedLargeRender: true }).gate.blocked).toBe(false);
  });
});
