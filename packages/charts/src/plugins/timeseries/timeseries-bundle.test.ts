import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@lumen-bi/core';
import { result } from '../svg-common/test-support';
import { lineChartPlugin } from './index';

// Video Game Sales/Games_per_Genre_over_time.yaml: a saved chart of an older version (granularity_sqla, no
// x_axis, no truncate_metric field, no row limit); label_colors trimmed to the genres drawn below.
const gamesPerGenre = {
  adhoc_filters: [], annotation_layers: [], bottom_margin: 'auto', color_scheme: 'supersetColors', comparison_type: 'values', contribution: false,
  datasource: '21__table', granularity_sqla: 'year', groupby: ['genre'], label_colors: { Action: '#1FA8C9', Sports: '#8FD3E4' }, left_margin: 'auto',
  line_interpolation: 'linear', metrics: ['count'], order_desc: true, rich_tooltip: true, rolling_type: 'None', row_limit: null, show_brush: 'auto',
  show_legend: true, show_markers: false, slice_id: 3544, time_grain_sqla: null, time_range: 'No filter', viz_type: 'echarts_timeseries_line',
  x_axis_format: 'smart_date', x_axis_label: 'Year Published', y_axis_bounds: [null, null], y_axis_format: 'SMART_NUMBER', y_axis_label: '# of Games Published',
} as unknown as QueryFormData;

describe('time series: the incumbent example bundle', () => {
  it('buildQuery: one metric over a dimension drops the metric level (truncate_metric defaults on)', () => {
    const [q] = lineChartPlugin.buildQuery(gamesPerGenre).queries;
    expect(q.columns).toEqual(['genre']);
    expect(q.metrics).toEqual(['count']);
    expect(q.is_timeseries).toBe(true);
    expect(q.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'rename', 'flatten']);
    expect(q.post_processing?.[1]).toEqual({ operation: 'rename', options: { columns: { count: null }, level: 0, inplace: true } });
    // Saved off, the metric level stays, as the incumbent does.
    expect(lineChartPlugin.buildQuery({ ...gamesPerGenre, truncate_metric: false }).queries[0].post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'flatten']);
  });

  it('transformProps: series named by the genre, coloured by the saved label colours', () => {
    const server = result(
      [{ __timestamp: Date.UTC(2006, 0, 1), 'count, Action': 10, 'count, Sports': 4 }, { __timestamp: Date.UTC(2007, 0, 1), 'count, Action': 12, 'count, Sports': 9 }],
      undefined,
      [2, 0, 0],
    );
    const p = lineChartPlugin.transformProps({ formData: gamesPerGenre, queriesData: [server], width: 600, height: 300 });
    expect(p.series.map((s) => [s.name, s.color])).toEqual([['Action', '#1FA8C9'], ['Sports', '#8FD3E4']]);
    expect(p.xMode).toBe('time');
    expect(p.yFormat).toBe('SMART_NUMBER');
  });
});
