/**
 * Bad form data on each of the original viz types: a missing required control and a column the result
 * lacks (renamed or dropped since the chart was saved) are named errors from buildQuery and transformProps,
 * which the chart container shows in its error panel, never a TypeError or a blank chart.
 */
import { describe, expect, it } from 'vitest';
import { createChartRegistry } from './registry';
import { registerBuiltInCharts } from './builtins';
import { result } from './plugins/svg-common/test-support';

const registry = registerBuiltInCharts(createChartRegistry());
const ds = { datasource: '22__table' };
const timeseries = { ...ds, x_axis: 'order_date', metrics: ['count'], groupby: [] };

/** Per type: valid form data, the control to blank with its error, and a form data naming an unknown column. */
const CASES: Array<{ vizType: string; formData: Record<string, unknown>; blank: string; message: string; unknown: Record<string, unknown>; queryAllowed?: boolean }> = [
  { vizType: 'table', formData: { ...ds, query_mode: 'raw', all_columns: ['status'] }, blank: 'all_columns', message: 'Columns cannot be empty', unknown: { all_columns: ['nope'] } },
  { vizType: 'table', formData: { ...ds, query_mode: 'aggregate', metrics: ['count'] }, blank: 'metrics', message: 'Group By, Metrics or Percentage Metrics must have a value', unknown: { groupby: ['nope'] },
    // Its empty query is Explore's cue to ask for a dimension or a metric (explore-form-data emptyQueryControls).
    queryAllowed: true },
  ...['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'echarts_timeseries_scatter', 'echarts_timeseries_step', 'echarts_timeseries_smooth'].map((vizType) => ({
    vizType, formData: timeseries, blank: 'metrics', message: 'Metrics cannot be empty', unknown: { x_axis: 'nope' },
  })),
  { vizType: 'pie', formData: { ...ds, groupby: ['status'], metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { groupby: ['nope'] } },
  { vizType: 'big_number', formData: { ...ds, x_axis: 'order_date', metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { metric: 'nope' } },
  { vizType: 'big_number_total', formData: { ...ds, metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { metric: 'nope' } },
  { vizType: 'pivot_table_v2', formData: { ...ds, groupbyRows: ['status'], groupbyColumns: [], metrics: ['count'] }, blank: 'metrics', message: 'Metrics cannot be empty', unknown: { groupbyRows: ['nope'] } },
  { vizType: 'histogram_v2', formData: { ...ds, column: 'sales', groupby: ['status'] }, blank: 'column', message: 'Column cannot be empty', unknown: { groupby: ['nope'] } },
  { vizType: 'box_plot', formData: { ...ds, columns: ['order_date'], groupby: ['status'], metrics: ['count'] }, blank: 'metrics', message: 'Metrics cannot be empty', unknown: { groupby: ['nope'] } },
  { vizType: 'heatmap_v2', formData: { ...ds, x_axis: 'status', groupby: 'deal_size', metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { x_axis: 'nope' } },
  { vizType: 'bubble_v2', formData: { ...ds, entity: 'status', x: 'count', y: 'count', size: 'count' }, blank: 'size', message: 'Bubble Size cannot be empty', unknown: { entity: 'nope' } },
  { vizType: 'funnel', formData: { ...ds, groupby: ['status'], metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { groupby: ['nope'] } },
  { vizType: 'gauge_chart', formData: { ...ds, groupby: ['status'], metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { groupby: ['nope'] } },
  { vizType: 'word_cloud', formData: { ...ds, series: 'status', metric: 'count' }, blank: 'metric', message: 'Metric cannot be empty', unknown: { series: 'nope' } },
];

/** A result with one row of every column a valid form data of these cases reads (so only 'nope' is missing). */
const server = result([{ order_date: Date.UTC(2003, 0, 1), status: 'Shipped', deal_size: 'Small', sales: 1, count: 2, count__median: 2, 'count__q1': 1, 'count__q3': 3 }]);
const input = (vizType: string, formData: Record<string, unknown>) => ({ formData: { ...formData, viz_type: vizType } as never, queriesData: [server], width: 400, height: 300 });

describe('bad form data on the original viz types', () => {
  it('covers every one of the original 18 types', () => {
    expect(new Set(CASES.map((c) => c.vizType)).size).toBe(18);
  });

  it.each(CASES)('$vizType: a blank $blank is a named error from buildQuery and transformProps', ({ vizType, formData, blank, message, queryAllowed }) => {
    const plugin = registry.get(vizType);
    const query = () => plugin.buildQuery({ ...formData, viz_type: vizType, [blank]: [] } as never);
    if (queryAllowed) expect(query().queries[0]).toMatchObject({ columns: [], metrics: [] });
    else expect(query).toThrow(message);
    expect(() => plugin.transformProps(input(vizType, { ...formData, [blank]: undefined }))).toThrow(message);
  });

  it.each(CASES)('$vizType: a column the result lacks is named, the valid form data draws', ({ vizType, formData, unknown }) => {
    const plugin = registry.get(vizType);
    expect(() => plugin.transformProps(input(vizType, formData))).not.toThrow();
    expect(() => plugin.transformProps(input(vizType, { ...formData, ...unknown }))).toThrow('Column "nope" is not in the query result');
  });
});
