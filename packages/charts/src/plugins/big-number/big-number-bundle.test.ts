import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { result } from '../svg-common/test-support';
import { bigNumberPlugin, bigNumberTotalPlugin } from './index';

// Featured Charts/Big_Number_with_Trendline.yaml
const trendline = {
  datasource: '22__table', viz_type: 'big_number', x_axis: 'order_date', time_grain_sqla: 'P1M', metric: 'count',
  adhoc_filters: [{ clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }],
  show_trend_line: true, start_y_axis_at_zero: true, color_picker: { r: 0, g: 122, b: 135, a: 1 }, header_font_size: 0.4, subheader_font_size: 0.15,
  y_axis_format: 'SMART_NUMBER', time_format: 'smart_date', rolling_type: 'None', extra_form_data: {}, dashboards: [13],
};
// Slack Dashboard/Weekly_Messages.yaml (an older save: granularity_sqla, a week-over-week comparison)
const weekly = {
  adhoc_filters: [], color_picker: { a: 1, b: 135, g: 122, r: 0 }, compare_lag: 1, compare_suffix: 'WoW', datasource: '34__table', granularity_sqla: 'ts', header_font_size: 0.4,
  metric: 'count', queryFields: { metric: 'metrics' }, rolling_type: 'None', show_trend_line: true, slice_id: 1905, start_y_axis_at_zero: true, subheader_font_size: 0.15,
  time_grain_sqla: 'P1W', time_range: 'No filter', time_range_fixed: false, url_params: {}, viz_type: 'big_number', y_axis_format: 'SMART_NUMBER',
};
// Vehicle Sales/Total_Items_Sold.yaml (metric trimmed to the fields that matter)
const total = {
  adhoc_filters: [], datasource: '23__table', granularity_sqla: 'order_date', header_font_size: 0.4,
  metric: { aggregate: 'SUM', column: { column_name: 'quantity_ordered' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: 'SUM(Sales)', sqlExpression: null },
  subheader: '', subheader_font_size: 0.15, time_range: 'No filter', viz_type: 'big_number_total', y_axis_format: 'SMART_NUMBER',
};
const months = result([{ order_date: Date.UTC(2005, 3, 1), count: 120 }, { order_date: Date.UTC(2005, 4, 1), count: 150 }], undefined, [2, 0]);

describe('big numbers: the incumbent example bundle', () => {
  it('buildQuery: the metric over the month axis; the total as one aggregate', () => {
    const [q] = bigNumberPlugin.buildQuery(trendline as never).queries;
    expect(q.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }]);
    expect(q.metrics).toEqual(['count']);
    expect(q.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'flatten']);
    const [t] = bigNumberTotalPlugin.buildQuery(total as never).queries;
    expect([t.columns, t.metrics]).toEqual([[], [total.metric]]);
  });

  it('transformProps: no comparison saved means no subheader, the saved colour, a zero-based trend', () => {
    const p = bigNumberPlugin.transformProps({ formData: trendline as never, queriesData: [months], width: 300, height: 200 });
    expect([p.formattedValue, p.subheader, p.color, p.startYAxisAtZero]).toEqual(['150', '', 'rgba(0,122,135,1)', true]);
    const weeks = result([{ __timestamp: Date.UTC(2020, 0, 6), count: 200 }, { __timestamp: Date.UTC(2020, 0, 13), count: 150 }], undefined, [2, 0]);
    const w = bigNumberPlugin.transformProps({ formData: weekly as never, queriesData: [weeks], width: 300, height: 200 });
    expect([w.formattedValue, w.subheader]).toEqual(['150', '-25.0% WoW']);
    const t = bigNumberTotalPlugin.transformProps({ formData: total as never, queriesData: [result([{ 'SUM(Sales)': 99067 }])], width: 300, height: 200 });
    expect([t.formattedValue, t.subheader, t.trendline]).toEqual(['99.1k', '', null]);
  });

  it('Explore shows the timestamp and zero-based axis options with the incumbent names and defaults', () => {
    expect(getControlDefaults(getControlPanel('big_number'))).toMatchObject({ show_timestamp: false, start_y_axis_at_zero: true, show_trend_line: true });
  });

  it('transformProps: Vehicle Sales/Total_Revenue.yaml draws its currency_format around the .3s value', () => {
    // Its params (metric trimmed): a cumulative revenue with a USD prefix.
    const revenue = {
      datasource: '21__table', viz_type: 'big_number', slice_id: 114, x_axis: 'order_date',
      metric: { aggregate: 'SUM', column: { column_name: 'sales' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: '(Sales)', sqlExpression: null },
      adhoc_filters: [{ clause: 'WHERE', comparator: 'No filter', expressionType: 'SIMPLE', operator: 'TEMPORAL_RANGE', subject: 'order_date' }],
      show_trend_line: true, start_y_axis_at_zero: true, color_picker: { a: 1, b: 135, g: 122, r: 0 }, header_font_size: 0.4, subheader_font_size: 0.15,
      y_axis_format: '.3s', currency_format: { symbolPosition: 'prefix', symbol: 'USD' }, time_format: 'smart_date', rolling_type: 'cumsum', extra_form_data: {}, dashboards: [9],
    };
    expect(bigNumberPlugin.buildQuery(revenue as never).queries[0].post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'cum', 'flatten']);
    const cumulative = result([{ order_date: Date.UTC(2005, 4, 1), '(Sales)': 9604190.61 }, { order_date: Date.UTC(2005, 5, 1), '(Sales)': 10032628.85 }], undefined, [2, 0]);
    const p = bigNumberPlugin.transformProps({ formData: revenue as never, queriesData: [cumulative], width: 300, height: 200 });
    expect(p.formattedValue).toBe('$ 10.0M');
    const suffix = bigNumberPlugin.transformProps({ formData: { ...revenue, currency_format: { symbolPosition: 'suffix', symbol: 'EUR' } } as never, queriesData: [cumulative], width: 300, height: 200 });
    expect(suffix.formattedValue).toBe('10.0M €');
  });
});
