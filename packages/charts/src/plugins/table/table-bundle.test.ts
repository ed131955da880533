import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { mount, result } from '../svg-common/test-support';
import { tablePlugin } from './index';

// Featured Charts/Table.yaml (params as saved in the incumbent's example bundle)
const featured = {
  datasource: '22__table', viz_type: 'table', query_mode: 'raw' as const, groupby: [], time_grain_sqla: 'P1D', temporal_columns_lookup: { order_date: true },
  all_columns: ['order_date', 'product_line', 'status', 'price_each', 'sales'], percent_metrics: [],
  adhoc_filters: [{ clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }],
  order_by_cols: [], row_limit: 1000, server_page_length: 10, order_desc: true, table_timestamp_format: 'smart_date', show_cell_bars: true, color_pn: true, allow_render_html: true, extra_form_data: {}, dashboards: [13],
};
// Video Game Sales/Games.yaml (an older save: granularity_sqla, page_length as text, no row limit; metric trimmed)
const games = {
  adhoc_filters: [], all_columns: ['name', 'global_sales', 'platform', 'genre', 'publisher', 'year'], color_pn: false, datasource: '21__table', granularity_sqla: 'year',
  groupby: ['name'], include_search: true, metrics: [{ aggregate: 'SUM', column: { column_name: 'global_sales' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: 'SUM(Global_Sales)' }],
  order_by_cols: ['["global_sales", false]'], order_desc: true, page_length: '15', percent_metrics: [], query_mode: 'raw' as const, row_limit: null, show_cell_bars: false,
  slice_id: 1394, table_filter: false, table_timestamp_format: 'smart_date', time_grain_sqla: 'P1D', time_range: 'No filter', url_params: {}, viz_type: 'table',
};
const orders = result(
  [
    { order_date: Date.UTC(2003, 0, 6), product_line: 'Motorcycles', status: 'Shipped', price_each: 95.7, sales: 10100 },
    { order_date: Date.UTC(2003, 0, 9), product_line: 'Ships', status: 'Shipped', price_each: -5, sales: 2500 },
  ],
  undefined,
  [2, 1, 1, 0, 0],
);

describe('table: the incumbent example bundle', () => {
  it('buildQuery: raw columns, row limit and ordering as saved', () => {
    const [q] = tablePlugin.buildQuery(featured as never).queries;
    expect([q.columns, q.metrics, q.row_limit, q.orderby]).toEqual([featured.all_columns, undefined, 1000, []]);
    const [g] = tablePlugin.buildQuery(games as never).queries;
    expect(g.columns).toEqual(games.all_columns);
    expect(g.metrics).toBeUndefined();
    expect(g.orderby).toEqual([['global_sales', false]]);
  });

  it('transformProps: raw numbers as stored, timestamps by the time grain, cell bars on numeric columns', () => {
    const p = tablePlugin.transformProps({ formData: featured as never, queriesData: [orders], width: 600, height: 400 });
    expect(p.columns.map((c) => [c.key, c.numberFormat, c.timeFormat])).toEqual([
      ['order_date', null, '%Y-%m-%d'], ['product_line', null, '%Y-%m-%d'], ['status', null, '%Y-%m-%d'], ['price_each', null, '%Y-%m-%d'], ['sales', null, '%Y-%m-%d'],
    ]);
    expect([...p.cellBars.extents]).toEqual([['price_each', [-5, 95.7]], ['sales', [2500, 10100]]]);
    expect(p.cellBars.colorPositiveNegative).toBe(true);
    // Without a time grain a datetime shows in full, not as a bare year.
    const noGrain = tablePlugin.transformProps({ formData: { ...featured, time_grain_sqla: undefined } as never, queriesData: [orders], width: 600, height: 400 });
    expect(noGrain.columns[0].timeFormat).toBe('%Y-%m-%d %H:%M:%S');
    const g = tablePlugin.transformProps({ formData: games as never, queriesData: [result([{ name: 'Wii Sports', global_sales: 82.74, platform: 'Wii', genre: 'Sports', publisher: 'Nintendo', year: 2006 }])], width: 600, height: 400 });
    expect(g.cellBars.extents.size).toBe(0);
    expect([g.pageSize, g.includeSearch]).toEqual([15, true]);
  });

  it('render: cells as the incumbent shows them, with a bar behind each number', async () => {
    const p = tablePlugin.transformProps({ formData: featured as never, queriesData: [orders], width: 600, height: 400 });
    const { el, chart } = await mount(tablePlugin, p);
    const cells = [...el.querySelectorAll('tbody tr[aria-rowindex="2"] td')];
    expect(cells.map((c) => c.textContent)).toEqual(['2003-01-06', 'Motorcycles', 'Shipped', '95.7', '10100']);
    expect((cells[4] as HTMLElement).style.background).toContain('linear-gradient');
    expect((cells[1] as HTMLElement).style.background).toBe('');
    // color_pn: the negative price's bar is red.
    const negative = el.querySelectorAll<HTMLElement>('tbody tr[aria-rowindex="3"] td')[3];
    expect(negative.style.background).toContain('rgba(150,0,0,0.2)');
    chart.destroy();
  });
});

// FCC New Coder Survey/Highest_degree_held.yaml (an aggregate table with a percentage metric; metric trimmed)
const degrees = {
  adhoc_filters: [{ clause: 'WHERE', comparator: '0', expressionType: 'SIMPLE', operator: '==', subject: 'is_software_dev' }], all_columns: [], color_pn: true, datasource: '42__table',
  granularity_sqla: 'time_start', groupby: ['school_degree'], metrics: ['count'], order_by_cols: [], order_desc: true,
  percent_metrics: [{ aggregate: 'COUNT', column: { column_name: 'school_degree' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: 'COUNT(school_degree)', sqlExpression: null }],
  query_mode: 'aggregate' as const, row_limit: null, show_cell_bars: true, slice_id: 1369, table_timestamp_format: 'smart_date', time_grain_sqla: 'P1D', time_range: 'No filter', url_params: {}, viz_type: 'table',
};

describe('table: an aggregate bundle chart with a percentage metric', () => {
  it('buildQuery: the metric and the percentage metric, its contribution, ordered by the metric', () => {
    const [q] = tablePlugin.buildQuery(degrees as never).queries;
    expect(q.columns).toEqual(['school_degree']);
    expect(q.metrics).toEqual(['count', degrees.percent_metrics[0]]);
    expect(q.orderby).toEqual([['count', false]]);
    expect(q.post_processing).toEqual([{ operation: 'contribution', options: { columns: ['COUNT(school_degree)'], rename_columns: ['%COUNT(school_degree)'] } }]);
  });
  it('transformProps: SMART_NUMBER metric, .3% percentage, bars on both but not on the dimension', () => {
    const server = result([{ school_degree: "bachelor's degree", count: 5010, '%COUNT(school_degree)': 0.4 }, { school_degree: 'no high school', count: 120, '%COUNT(school_degree)': 0.01 }], undefined, [1, 0, 0]);
    const p = tablePlugin.transformProps({ formData: degrees as never, queriesData: [server], width: 600, height: 400 });
    expect(p.columns.map((c) => [c.key, c.isMetric, c.isPercentMetric, c.numberFormat])).toEqual([
      ['school_degree', false, false, null], ['count', true, false, 'SMART_NUMBER'], ['%COUNT(school_degree)', false, true, '.3%'],
    ]);
    expect([...p.cellBars.extents.keys()]).toEqual(['count', '%COUNT(school_degree)']);
    expect(p.crossFilterColumns).toEqual(['school_degree']);
  });
});

describe('table: Explore controls', () => {
  it('offers the cell-bar options with the incumbent names and defaults', () => {
    expect(getControlDefaults(getControlPanel('table'))).toMatchObject({ show_cell_bars: true, color_pn: true, align_pn: false });
  });
});
