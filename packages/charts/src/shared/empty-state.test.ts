import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { registerBuiltInCharts } from '../builtins';
import { createChartRegistry } from '../registry';
import { EMPTY_STATE_DESCRIPTION, EMPTY_STATE_TITLE } from './empty-state';
import { RENDERED_EVENT } from './mount';

/**
 * Zero rows (a time range with no data, a filter matching nothing) draw the spec's empty-state panel in
 * every built-in viz type, and the chart still reports that it rendered.
 */
const LAT_LON = { type: 'latlong', lonCol: 'count', latCol: 'count' };

const FORM_DATA: Record<string, Partial<QueryFormData>> = {
  table: { query_mode: 'aggregate', groupby: ['g'], metrics: ['count'] },
  echarts_timeseries_line: { x_axis: 'ds', metrics: ['count'], groupby: ['g'] },
  echarts_timeseries_bar: { x_axis: 'ds', metrics: ['count'], groupby: ['g'] },
  echarts_area: { x_axis: 'ds', metrics: ['count'], groupby: ['g'] },
  echarts_timeseries_scatter: { x_axis: 'ds', metrics: ['count'] },
  echarts_timeseries_step: { x_axis: 'ds', metrics: ['count'] },
  echarts_timeseries_smooth: { x_axis: 'ds', metrics: ['count'] },
  pie: { groupby: ['g'], metric: 'count' },
  big_number: { x_axis: 'ds', metric: 'count', time_grain_sqla: 'P1M' },
  big_number_total: { metric: 'count' },
  pivot_table_v2: { groupbyRows: ['g'], groupbyColumns: ['h'], metrics: ['count'] },
  histogram_v2: { column: 'x', groupby: [] },
  box_plot: { columns: ['ds'], groupby: ['g'], metrics: ['count'] },
  heatmap_v2: { x_axis: 'g', groupby: ['h'], metric: 'count' },
  bubble_v2: { entity: 'g', x: 'count', y: 'count', size: 'count' },
  funnel: { groupby: ['g'], metric: 'count' },
  gauge_chart: { groupby: [], metric: 'count' },
  word_cloud: { series: 'g', metric: 'count' },
  treemap_v2: { groupby: ['g'], metric: 'count' },
  sunburst_v2: { columns: ['g'], metric: 'count' },
  partition: { groupby: ['g'], metrics: ['count'] },
  mixed_timeseries: { x_axis: 'ds', metrics: ['count'], metrics_b: ['count'], groupby_b: ['g'] },
  echarts_timeseries: { x_axis: 'ds', metrics: ['count'], seriesType: 'bar' },
  sankey_v2: { source: 'g', target: 'h', metric: 'count' },
  graph_chart: { source: 'g', target: 'h', metric: 'count' },
  tree_chart: { id: 'g', parent: 'h', name: 'g', metric: 'count' },
  chord: { groupby: ['g'], columns: ['h'], metric: 'count' },
  pop_kpi: { metric: 'count', time_compare: '1 year ago', comparison_type: 'values' },
  bullet: { metric: 'count', ranges: '0,50,100', markers: '80' },
  handlebars: { query_mode: 'aggregate', groupby: ['g'], metrics: ['count'], handlebarsTemplate: '{{#each data}}{{g}}{{/each}}' },
  time_table: { granularity_sqla: 'ds', metrics: ['count'], groupby: ['g'], column_collection: [{ key: 'a', colType: 'spark' }] },
  cal_heatmap: { granularity_sqla: 'ds', metrics: ['count'], domain_granularity: 'month', subdomain_granularity: 'day' },
  rose: { granularity_sqla: 'ds', metrics: ['count'], groupby: ['g'] },
  waterfall: { x_axis: 'ds', metric: 'count', time_grain_sqla: 'P1M' },
  radar: { groupby: ['g'], metrics: ['count'] },
  gantt_chart: { start_time: 'ds', end_time: 'ds', y_axis: 'g' },
  horizon: { granularity_sqla: 'ds', groupby: ['g'], metrics: ['count'] },
  para: { series: 'g', metrics: ['count'] },
  paired_ttest: { granularity_sqla: 'ds', groupby: ['g'], metrics: ['count'] },
  time_pivot: { granularity_sqla: 'ds', metric: 'count', freq: 'W-MON' },
  world_map: { entity: 'g', country_fieldtype: 'cca3', metric: 'count' },
  country_map: { select_country: 'germany', entity: 'g', metric: 'count' },
  deck_scatter: { spatial: LAT_LON },
  deck_arc: { start_spatial: LAT_LON, end_spatial: LAT_LON },
  deck_hex: { spatial: LAT_LON, size: 'count' },
  deck_grid: { spatial: LAT_LON, size: 'count' },
  deck_heatmap: { spatial: LAT_LON, size: 'count' },
  deck_screengrid: { spatial: LAT_LON, size: 'count' },
  deck_contour: { spatial: LAT_LON, size: 'count' },
  deck_path: { line_column: 'g' },
  deck_polygon: { line_column: 'g', metric: 'count' },
  deck_geojson: { geojson: 'g' },
  deck_multi: { deck_slices: [1] },
};

const registry = registerBuiltInCharts(createChartRegistry());

describe('zero rows', () => {
  it('covers every built-in viz type', () => {
    expect(Object.keys(FORM_DATA).sort()).toEqual(registry.list());
  });

  it.each(registry.list())('%s shows the empty-state panel', async (vizType) => {
    const plugin = registry.get(vizType);
    const formData = { datasource: '1__table', viz_type: vizType, ...FORM_DATA[vizType] } as QueryFormData;
    // The server's answer to a query without rows: its columns, no data (post-processing passes it through).
    const queriesData = plugin.buildQuery(formData).queries.map(
      (): ChartDataResponseResult => ({ colnames: ['ds', 'g', 'count'], coltypes: [2, 1, 0], data: [], rowcount: 0, is_cached: false, query: '', cache_key: null, cached_dttm: null }),
    );
    const host = document.createElement('div');
    document.body.append(host);
    const rendered = new Promise((resolve) => host.addEventListener(RENDERED_EVENT, resolve, { once: true }));
    const instance = plugin.render(host, plugin.transformProps({ formData, queriesData, width: 320, height: 200 }));
    await rendered;
    const panel = host.querySelector('.bi-empty-state');
    expect(panel?.getAttribute('role')).toBe('status');
    expect(panel?.querySelector('.bi-empty-state__title')?.textContent).toBe(EMPTY_STATE_TITLE);
    expect(panel?.textContent).toContain(EMPTY_STATE_DESCRIPTION);
    expect(host.querySelectorAll('canvas, svg, table')).toHaveLength(0);
    instance.destroy();
    host.remove();
  });

  it('draws the chart again when rows arrive', async () => {
    const plugin = registry.get('pie');
    const formData = { datasource: '1__table', viz_type: 'pie', ...FORM_DATA.pie } as QueryFormData;
    const result = (data: Record<string, unknown>[]): ChartDataResponseResult[] => [
      { colnames: ['g', 'count'], coltypes: [1, 0], data, rowcount: data.length, is_cached: false, query: '', cache_key: null, cached_dttm: null },
    ];
    const host = document.createElement('div');
    const next = () => new Promise((resolve) => host.addEventListener(RENDERED_EVENT, resolve, { once: true }));
    let rendered = next();
    const instance = plugin.render(host, plugin.transformProps({ formData, queriesData: result([]), width: 320, height: 200 }));
    await rendered;
    expect(host.querySelector('.bi-empty-state')).not.toBeNull();
    rendered = next();
    instance.update(plugin.transformProps({ formData, queriesData: result([{ g: 'a', count: 3 }, { g: 'b', count: 1 }]), width: 320, height: 200 }));
    await rendered;
    expect(host.querySelector('.bi-empty-state')).toBeNull();
    expect(host.querySelector('svg')).not.toBeNull();
    instance.destroy();
  });
});
