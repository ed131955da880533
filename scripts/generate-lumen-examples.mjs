// Writes Lumen's own example bundle (Superset asset-bundle format) to examples/lumen/: the eight generated
// example datasets (birth_names, sales, events, the small project_tasks and org_chart for the Gantt and
// tree charts, region_stats for the country map, and geo_points and geo_routes for the deck.gl maps), a saved chart of every built-in viz type over them (params
// = form data, query_context = the plugin's buildQuery(formData), so GET /api/v1/chart/{id}/data/ runs it
// as saved), and three dashboards: 'Lumen Showcase' (tabs, markdown, headers, dividers, rows and columns,
// native filters of every type), 'Lumen 30 charts' (30 charts in rows, for measuring) and 'Lumen Maps'
// (a chart of every map type). The server
// imports the directory at start (packages/server/src/examples/lumen-examples.ts).
//
// Deterministic: uuids are derived from fixed keys, no timestamps, so running it twice writes the same
// files. Run: npm run examples:generate
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { stringify } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'examples', 'lumen');

// The chart plugins from source (as test/bench/charts.mjs bundles them), so the saved query contexts are
// exactly what Explore and dashboards send.
async function loadCharts() {
  const out = await build({
    entryPoints: [join(ROOT, 'packages', 'charts', 'src', 'index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    alias: { '@lumen-bi/core': join(ROOT, 'packages', 'core', 'src', 'index.ts') },
    logLevel: 'error',
  });
  const dir = mkdtempSync(join(tmpdir(), 'lumen-examples-gen-'));
  try {
    const file = join(dir, 'charts.mjs');
    writeFileSync(file, out.outputFiles[0].text);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A stable uuid (v5-shaped) from a key: the same on every machine and run. */
function uuidOf(key) {
  const hex = createHash('sha1').update(`lumen-examples:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Short layout ids, e.g. CHART-3f9a1c2b0d. */
const layoutId = (type, key) => `${type}-${createHash('sha1').update(`lumen-examples:layout:${key}`).digest('hex').slice(0, 10)}`;

const EXAMPLES_DATABASE_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';

// ---------------------------------------------------------------------------------------------------------
// Datasets: the tables packages/server/src/examples/generate.ts builds and index.ts registers (same uuids,
// columns, calculated column and metrics). The server test checks they agree with the registered datasets.

const column = (column_name, type, extra = {}) => ({
  column_name,
  verbose_name: null,
  is_dttm: Boolean(extra.is_dttm),
  is_active: true,
  type,
  advanced_data_type: null,
  groupby: true,
  filterable: true,
  expression: extra.expression ?? null,
  description: null,
  python_date_format: null,
  extra: null,
});
const metric = (metric_name, expression, metric_type, verbose_name = null) => ({
  metric_name,
  verbose_name,
  metric_type,
  expression,
  description: null,
  d3format: null,
  currency: null,
  extra: null,
  warning_text: null,
});
const count = metric('count', 'COUNT(*)', 'count', 'COUNT(*)');
const sum = (c) => metric(`sum__${c}`, `SUM(${c})`, 'sum');
const avg = (c) => metric(`avg__${c}`, `AVG(${c})`, 'avg');

const DATASETS = {
  birth_names: {
    id: 1,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c01',
    description: 'Yearly US baby-name counts by state and gender (generated).',
    main_dttm_col: 'ds',
    columns: [
      column('ds', 'TIMESTAMP', { is_dttm: true }),
      column('gender', 'VARCHAR'),
      column('name', 'VARCHAR'),
      column('num', 'BIGINT'),
      column('state', 'VARCHAR'),
      column('num_boys', 'BIGINT'),
      column('num_girls', 'BIGINT'),
      column('num_california', 'BIGINT', { expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END" }),
    ],
    metrics: [count, sum('num'), sum('num_boys'), sum('num_girls'), metric('sum__num_california', "SUM(CASE WHEN state = 'CA' THEN num ELSE 0 END)", 'sum')],
  },
  sales: {
    id: 2,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c02',
    description: 'Order lines of a model-vehicle retailer, 2021-2024 (generated).',
    main_dttm_col: 'order_date',
    columns: [
      column('order_number', 'INTEGER'),
      column('order_date', 'DATE', { is_dttm: true }),
      column('region', 'VARCHAR'),
      column('country', 'VARCHAR'),
      column('product_line', 'VARCHAR'),
      column('product', 'VARCHAR'),
      column('quantity', 'INTEGER'),
      column('price', 'DOUBLE'),
      column('revenue', 'DOUBLE'),
      column('deal_size', 'VARCHAR'),
      column('status', 'VARCHAR'),
    ],
    metrics: [count, sum('quantity'), sum('revenue'), avg('price'), metric('count_distinct__order_number', 'COUNT(DISTINCT order_number)', 'count_distinct', 'Orders')],
  },
  events: {
    id: 3,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c03',
    description: 'Product analytics events over 2023-2024 (generated, millions of rows).',
    main_dttm_col: 'event_time',
    columns: [
      column('event_id', 'BIGINT'),
      column('event_time', 'TIMESTAMP', { is_dttm: true }),
      column('event_type', 'VARCHAR'),
      column('country', 'VARCHAR'),
      column('device', 'VARCHAR'),
      column('user_id', 'INTEGER'),
      column('duration_ms', 'INTEGER'),
      column('revenue', 'DOUBLE'),
    ],
    metrics: [count, sum('revenue'), avg('duration_ms'), sum('duration_ms'), metric('count_distinct__user_id', 'COUNT(DISTINCT user_id)', 'count_distinct', 'Unique users')],
  },
  project_tasks: {
    id: 4,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c04',
    description: 'A product launch plan: tasks with start and end times in five phases (generated).',
    main_dttm_col: 'start_time',
    columns: [
      column('task_id', 'INTEGER'),
      column('task', 'VARCHAR'),
      column('phase', 'VARCHAR'),
      column('team', 'VARCHAR'),
      column('start_time', 'TIMESTAMP', { is_dttm: true }),
      column('end_time', 'TIMESTAMP', { is_dttm: true }),
      column('effort_days', 'INTEGER'),
    ],
    metrics: [count, sum('effort_days')],
  },
  org_chart: {
    id: 5,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c05',
    description: "A company's reporting lines: each person's id and manager's id (generated).",
    main_dttm_col: 'hire_date',
    columns: [
      column('id', 'INTEGER'),
      column('parent_id', 'INTEGER'),
      column('name', 'VARCHAR'),
      column('title', 'VARCHAR'),
      column('department', 'VARCHAR'),
      column('hire_date', 'DATE', { is_dttm: true }),
      column('salary', 'INTEGER'),
    ],
    metrics: [count, sum('salary'), avg('salary')],
  },
  region_stats: {
    id: 6,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c06',
    description: 'Population of each German and US state by ISO 3166-2 code, in round figures (generated).',
    main_dttm_col: 'as_of',
    columns: [
      column('country', 'VARCHAR'),
      column('region_code', 'VARCHAR'),
      column('region_name', 'VARCHAR'),
      column('population', 'INTEGER'),
      column('as_of', 'DATE', { is_dttm: true }),
    ],
    metrics: [count, sum('population')],
  },
  geo_points: {
    id: 7,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c07',
    description: 'Places around 24 world cities: longitude, latitude, a "lat,lon" text, category and visits (generated, for the deck.gl maps).',
    main_dttm_col: 'recorded_at',
    columns: [
      column('point_id', 'INTEGER'),
      column('city', 'VARCHAR'),
      column('category', 'VARCHAR'),
      column('longitude', 'DOUBLE'),
      column('latitude', 'DOUBLE'),
      column('lat_lon', 'VARCHAR'),
      column('visits', 'INTEGER'),
      column('recorded_at', 'TIMESTAMP', { is_dttm: true }),
    ],
    metrics: [count, sum('visits')],
  },
  geo_routes: {
    id: 8,
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c08',
    description: 'Flights between the same cities: origin and destination coordinates, airline, passengers, the route as a JSON path and its corridor as a GeoJSON polygon (generated, for the deck.gl maps).',
    main_dttm_col: 'flown_at',
    columns: [
      column('route_id', 'INTEGER'),
      column('origin', 'VARCHAR'),
      column('destination', 'VARCHAR'),
      column('airline', 'VARCHAR'),
      column('origin_lon', 'DOUBLE'),
      column('origin_lat', 'DOUBLE'),
      column('destination_lon', 'DOUBLE'),
      column('destination_lat', 'DOUBLE'),
      column('passengers', 'INTEGER'),
      column('path_json', 'VARCHAR'),
      column('corridor_geojson', 'VARCHAR'),
      column('flown_at', 'TIMESTAMP', { is_dttm: true }),
    ],
    metrics: [count, sum('passengers')],
  },
};

function datasetConfig(table_name, d) {
  return {
    table_name,
    main_dttm_col: d.main_dttm_col,
    description: d.description,
    default_endpoint: null,
    offset: 0,
    cache_timeout: null,
    catalog: null,
    schema: 'main',
    sql: null,
    params: null,
    template_params: null,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    extra: null,
    normalize_columns: false,
    always_filter_main_dttm: false,
    uuid: d.uuid,
    metrics: d.metrics,
    columns: d.columns,
    version: '1.0.0',
    database_uuid: EXAMPLES_DATABASE_UUID,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Charts: key, dataset, viz type, name and the form data beyond the control panel's defaults. Time-based
// charts name their time column in granularity_sqla so a dashboard time-range filter narrows them.

const NO_FILTER = 'No filter';
const ts = (x_axis, time_grain_sqla, rest) => ({ x_axis, time_grain_sqla, granularity_sqla: x_axis, time_range: NO_FILTER, ...rest });

/** The deck charts' spatial control over geo_points' columns, and the aggregations' saved view (Europe). */
const PLACES = { type: 'latlong', lonCol: 'longitude', latCol: 'latitude' };
const EUROPE = { autozoom: false, viewport: { longitude: 10, latitude: 48, zoom: 3.2, pitch: 0, bearing: 0 } };

const CHARTS = [
  // birth_names
  ['births_by_gender', 'birth_names', 'echarts_timeseries_line', 'Births by gender per year', ts('ds', 'P1Y', { metrics: ['sum__num'], groupby: ['gender'] })],
  ['california_births', 'birth_names', 'echarts_timeseries_smooth', 'Births in California per year', ts('ds', 'P1Y', { metrics: ['sum__num_california'], groupby: [] })],
  ['births_by_state_area', 'birth_names', 'echarts_area', 'Births by state (stacked)', ts('ds', 'P1Y', { metrics: ['sum__num'], groupby: ['state'], stack: 'Stack' })],
  ['boys_vs_girls_step', 'birth_names', 'echarts_timeseries_step', 'Boys and girls per year', ts('ds', 'P1Y', { metrics: ['sum__num_boys', 'sum__num_girls'], groupby: [] })],
  ['total_births', 'birth_names', 'big_number_total', 'Total births', { metric: 'sum__num', subheader: 'babies named 1965-2008' }],
  ['popular_names', 'birth_names', 'word_cloud', 'Popular names', { series: 'name', metric: 'sum__num', row_limit: 100, size_from: 10, size_to: 60, rotation: 'flat' }],
  ['birth_records', 'birth_names', 'table', 'Birth names: raw records', { query_mode: 'raw', all_columns: ['ds', 'name', 'gender', 'state', 'num'], order_by_cols: [], row_limit: 1000, page_length: 20, include_search: true }],
  ['top_names', 'birth_names', 'table', 'Top names', { query_mode: 'aggregate', groupby: ['name', 'gender'], metrics: ['sum__num'], row_limit: 25, order_desc: true, show_totals: true }],
  ['births_by_state_gender', 'birth_names', 'pivot_table_v2', 'Births by state and gender', { groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: ['sum__num'], aggregateFunction: 'Sum', rowTotals: true, colTotals: true }],
  ['states_bubble', 'birth_names', 'bubble_v2', 'States: boys, girls and births', { entity: 'state', x: 'sum__num_boys', y: 'sum__num_girls', size: 'sum__num', max_bubble_size: '25', row_limit: 100 }],
  ['yearly_births_by_state_box', 'birth_names', 'box_plot', 'Yearly births per state', { columns: ['ds'], time_grain_sqla: 'P1Y', temporal_columns_lookup: { ds: true }, groupby: ['state'], metrics: ['sum__num'], whiskerOptions: 'Tukey' }],
  ['names_by_state_heatmap', 'birth_names', 'heatmap_v2', 'Births heatmap: state by gender', { x_axis: 'state', groupby: 'gender', metric: 'sum__num', sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc', show_values: true }],
  // sales
  ['revenue_by_product_line', 'sales', 'echarts_timeseries_bar', 'Revenue by product line', { x_axis: 'product_line', metrics: ['sum__revenue'], groupby: [], time_range: NO_FILTER, granularity_sqla: 'order_date', x_axis_sort_asc: true }],
  ['quarterly_revenue_by_region', 'sales', 'echarts_timeseries_bar', 'Quarterly revenue by region', ts('order_date', 'P3M', { metrics: ['sum__revenue'], groupby: ['region'], stack: 'Stack' })],
  ['monthly_revenue_by_product_line', 'sales', 'echarts_area', 'Monthly revenue by product line', ts('order_date', 'P1M', { metrics: ['sum__revenue'], groupby: ['product_line'], stack: 'Stack' })],
  ['monthly_revenue', 'sales', 'echarts_timeseries_line', 'Monthly revenue', ts('order_date', 'P1M', { metrics: ['sum__revenue'], groupby: [] })],
  ['weekly_avg_price', 'sales', 'echarts_timeseries_scatter', 'Average price per week', ts('order_date', 'P1W', { metrics: ['avg__price'], groupby: [] })],
  ['monthly_orders', 'sales', 'echarts_timeseries_step', 'Orders per month', ts('order_date', 'P1M', { metrics: ['count_distinct__order_number'], groupby: [] })],
  ['quarterly_quantity_smooth', 'sales', 'echarts_timeseries_smooth', 'Items sold per quarter by deal size', ts('order_date', 'P3M', { metrics: ['sum__quantity'], groupby: ['deal_size'] })],
  ['lines_by_region', 'sales', 'pie', 'Order lines by region', { groupby: ['region'], metric: 'count', sort_by_metric: true, show_labels: true, show_legend: true }],
  ['revenue_by_product_line_donut', 'sales', 'pie', 'Revenue share by product line', { groupby: ['product_line'], metric: 'sum__revenue', donut: true, sort_by_metric: true }],
  ['total_revenue', 'sales', 'big_number_total', 'Total revenue', { metric: 'sum__revenue', subheader: 'all order lines', y_axis_format: '$,.3s' }],
  ['weekly_revenue_trend', 'sales', 'big_number', 'Weekly revenue', ts('order_date', 'P1W', { metric: 'sum__revenue', show_trend_line: true, y_axis_format: '$,.3s' })],
  ['revenue_pivot', 'sales', 'pivot_table_v2', 'Revenue by region and product line', { groupbyRows: ['region'], groupbyColumns: ['product_line'], metrics: ['sum__revenue'], aggregateFunction: 'Sum', rowTotals: true, colTotals: true, valueFormat: '$,.0f' }],
  ['sales_by_country', 'sales', 'table', 'Sales by country', { query_mode: 'aggregate', groupby: ['region', 'country'], metrics: ['sum__revenue', 'sum__quantity', 'count_distinct__order_number'], percent_metrics: [], row_limit: 100, show_totals: true, order_desc: true }],
  ['line_revenue_histogram', 'sales', 'histogram_v2', 'Order line revenue distribution', { column: 'revenue', groupby: ['deal_size'], bins: 20, row_limit: 50000 }],
  ['monthly_revenue_by_region_box', 'sales', 'box_plot', 'Monthly revenue by region', { columns: ['order_date'], time_grain_sqla: 'P1M', temporal_columns_lookup: { order_date: true }, groupby: ['region'], metrics: ['sum__revenue'], whiskerOptions: 'Tukey' }],
  ['product_line_deal_size_heatmap', 'sales', 'heatmap_v2', 'Revenue by product line and deal size', { x_axis: 'product_line', groupby: 'deal_size', metric: 'sum__revenue', sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc' }],
  ['countries_bubble', 'sales', 'bubble_v2', 'Countries: price, quantity and revenue', { entity: 'country', series: 'region', x: 'avg__price', y: 'sum__quantity', size: 'sum__revenue', max_bubble_size: '25', row_limit: 100 }],
  ['orders_by_status_funnel', 'sales', 'funnel', 'Orders by status', { groupby: ['status'], metric: 'count_distinct__order_number', sort_by_metric: true }],
  ['avg_price_gauge', 'sales', 'gauge_chart', 'Average price', { metric: 'avg__price', min_val: 0, max_val: 250, number_format: '$,.2f' }],
  ['products_word_cloud', 'sales', 'word_cloud', 'Products by revenue', { series: 'product', metric: 'sum__revenue', row_limit: 50, size_from: 10, size_to: 40, rotation: 'flat' }],
  // events
  ['monthly_events_trend', 'events', 'big_number', 'Events per month', ts('event_time', 'P1M', { metric: 'count', show_trend_line: true })],
  ['daily_events', 'events', 'echarts_timeseries_line', 'Events per day by device', ts('event_time', 'P1D', { metrics: ['count'], groupby: ['device'] })],
  ['events_by_device', 'events', 'pie', 'Events by device', { groupby: ['device'], metric: 'count', donut: true, sort_by_metric: true }],
  ['unique_users', 'events', 'big_number_total', 'Unique users', { metric: 'count_distinct__user_id', subheader: 'distinct user ids' }],
  ['duration_histogram', 'events', 'histogram_v2', 'Event duration distribution', { column: 'duration_ms', groupby: [], bins: 25, row_limit: 50000 }],
  ['event_type_device_heatmap', 'events', 'heatmap_v2', 'Events by type and device', { x_axis: 'event_type', groupby: 'device', metric: 'count', sort_x_axis: 'value_desc', sort_y_axis: 'alpha_asc', show_values: true }],
  ['events_funnel', 'events', 'funnel', 'Events funnel', { groupby: ['event_type'], metric: 'count', sort_by_metric: true }],
  ['avg_duration_gauge', 'events', 'gauge_chart', 'Average event duration (ms)', { metric: 'avg__duration_ms', min_val: 0, max_val: 8000 }],
  ['weekly_revenue_by_device_box', 'events', 'box_plot', 'Weekly purchase revenue by device', { columns: ['event_time'], time_grain_sqla: 'P1W', temporal_columns_lookup: { event_time: true }, groupby: ['device'], metrics: ['sum__revenue'], whiskerOptions: 'Min/max (no outliers)' }],
  ['events_by_country', 'events', 'table', 'Events by country and type', { query_mode: 'aggregate', groupby: ['country'], metrics: ['count', 'count_distinct__user_id', 'sum__revenue'], row_limit: 50, order_desc: true }],
  // hierarchies (sales)
  ['revenue_treemap', 'sales', 'treemap_v2', 'Revenue by region and country', { groupby: ['region', 'country'], metric: 'sum__revenue', row_limit: 10000, label_type: 'key_value', number_format: '$,.3s' }],
  ['revenue_sunburst', 'sales', 'sunburst_v2', 'Revenue by product line and deal size', { columns: ['product_line', 'deal_size'], metric: 'sum__revenue', row_limit: 10000, show_labels: true, show_total: true, number_format: '$,.3s' }],
  ['revenue_partition', 'sales', 'partition', 'Revenue by region, product line and deal size', { groupby: ['region', 'product_line', 'deal_size'], metrics: ['sum__revenue'], time_series_option: 'not_time', number_format: '$,.3s', partition_limit: '5', partition_threshold: '0.05' }],
  // flows (sales)
  ['revenue_flow_sankey', 'sales', 'sankey_v2', 'Revenue flow from product line to deal size', { source: 'product_line', target: 'deal_size', metric: 'sum__revenue', row_limit: 10000 }],
  ['region_product_line_graph', 'sales', 'graph_chart', 'Regions and the product lines they buy', { source: 'region', target: 'product_line', metric: 'sum__revenue', source_category: 'region', layout: 'force', row_limit: 10000 }],
  ['region_deal_size_chord', 'sales', 'chord', 'Revenue between regions and deal sizes', { groupby: ['region'], columns: ['deal_size'], metric: 'sum__revenue', row_limit: 10000, y_axis_format: '$,.3s' }],
  // series types from the form data: the mixed chart (two queries, two y axes) and the generic time-series chart
  ['revenue_and_orders_mixed', 'sales', 'mixed_timeseries', 'Monthly revenue (bars) and orders (line)', ts('order_date', 'P1M', {
    metrics: ['sum__revenue'], groupby: [], adhoc_filters: [], row_limit: 10000, truncate_metric: true, seriesType: 'bar', yAxisIndex: 0,
    metrics_b: ['count_distinct__order_number'], groupby_b: [], adhoc_filters_b: [], row_limit_b: 10000, truncate_metric_b: true, seriesTypeB: 'line', yAxisIndexB: 1,
    y_axis_format: '$,.3s', y_axis_format_secondary: 'SMART_NUMBER', show_legend: true,
  })],
  ['revenue_by_deal_size_generic', 'sales', 'echarts_timeseries', 'Monthly revenue by deal size (smooth stacked areas)', ts('order_date', 'P1M', { metrics: ['sum__revenue'], groupby: ['deal_size'], seriesType: 'smooth', area: true, stack: 'Stack', opacity: 0.5, y_axis_format: '$,.3s' })],
  // comparisons (sales): each region's share of a year's revenue with the year's total, product lines on three
  // measures at once, and a season's pattern per product line
  ['yearly_revenue_waterfall', 'sales', 'waterfall', 'Yearly revenue built up by region', ts('order_date', 'P1Y', { metric: 'sum__revenue', groupby: ['region'], row_limit: 10000, show_value: true, y_axis_format: '$,.3s', x_ticks_layout: '45°' })],
  ['product_line_radar', 'sales', 'radar', 'Product lines: orders, average price and items', { groupby: ['product_line'], metrics: ['count_distinct__order_number', 'avg__price', 'sum__quantity'], row_limit: 10, show_legend: true, legendOrientation: 'top', is_circle: false }],
  ['weekly_revenue_horizon', 'sales', 'horizon', 'Weekly revenue per product line', { granularity_sqla: 'order_date', time_grain_sqla: 'P1W', time_range: NO_FILTER, groupby: ['product_line'], metrics: ['sum__revenue'], series_height: '25', horizon_color_scale: 'series' }],
  // KPIs and text (birth_names, sales): a year against the one before, births against bands and a target, and
  // a reader's own template over the top names
  ['revenue_year_over_year', 'sales', 'pop_kpi', 'Revenue in 2024 against 2023', {
    metric: 'sum__revenue',
    adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: '2024-01-01 : 2025-01-01', clause: 'WHERE' }],
    time_range: '2024-01-01 : 2025-01-01',
    y_axis_format: '$,.3s',
    percentDifferenceFormat: '.1%',
    comparison_color_enabled: true,
    comparison_color_scheme: 'Green',
    time_compare: '1 year ago',
    comparison_type: 'values',
  }],
  ['births_against_target', 'birth_names', 'bullet', 'Births against bands and a target', {
    metric: 'sum__num',
    ranges: '606200000,1212500000,1697500000',
    range_labels: 'Low,Medium,High',
    markers: '1333700000',
    marker_labels: 'Target',
    marker_lines: '970000000',
    marker_line_labels: 'Last year',
  }],
  ['top_names_template', 'birth_names', 'handlebars', 'Most given names (template)', {
    query_mode: 'aggregate',
    groupby: ['name'],
    metrics: ['sum__num'],
    row_limit: 8,
    order_desc: true,
    handlebarsTemplate:
      '<h3>Most given names</h3><table><thead><tr><th>Name</th><th>Births</th></tr></thead><tbody>{{#each data}}<tr><td>{{name}}</td><td>{{formatNumber sum__num format=",d"}}</td></tr>{{/each}}</tbody></table><p><small>{{data.length}} names</small></p>',
  }],
  // time (sales): months per region with sparklines and comparisons, a calendar of orders, a rose of quarters
  ['regions_time_table', 'sales', 'time_table', 'Regions month by month', {
    granularity_sqla: 'order_date',
    time_grain_sqla: 'P1M',
    time_range: NO_FILTER,
    metrics: ['sum__revenue'],
    groupby: ['region'],
    limit: 10,
    row_limit: 10000,
    column_collection: [
      { key: 'trend', label: 'Monthly revenue', colType: 'spark', width: '160', height: '32', sparkType: 'bar', d3format: '.3s', dateFormat: '%b %Y' },
      { key: 'mom', label: 'vs last month', colType: 'time', timeLag: '1', comparisonType: 'perc_change', bounds: [-0.1, 0.1], d3format: '+.1%' },
      { key: 'share', label: 'Share', colType: 'contrib', d3format: '.1%' },
      { key: 'avg3', label: 'Average (3 months)', colType: 'avg', timeRatio: '3', d3format: '.3s', bounds: [300000, null] },
    ],
  }],
  ['sales_calendar', 'sales', 'cal_heatmap', 'Orders and revenue per day', {
    granularity_sqla: 'order_date',
    time_range: NO_FILTER,
    metrics: ['count_distinct__order_number', 'sum__revenue'],
    domain_granularity: 'month',
    subdomain_granularity: 'day',
    linear_color_scheme: 'blue_white_yellow',
    cell_size: 12,
    cell_padding: 2,
    cell_radius: 2,
    steps: 10,
    y_axis_format: '.3s',
    x_axis_time_format: '%Y-%m-%d',
    show_legend: true,
    show_values: false,
    show_metric_name: true,
  }],
  ['quarterly_revenue_rose', 'sales', 'rose', 'Quarterly revenue by product line (rose)', {
    granularity_sqla: 'order_date',
    time_grain_sqla: 'P3M',
    time_range: NO_FILTER,
    metrics: ['sum__revenue'],
    groupby: ['product_line'],
    limit: 5,
    row_limit: 10000,
    number_format: '.3s',
    date_time_format: '%b %Y',
    rich_tooltip: true,
    rose_area_proportion: true,
  }],
  // statistical and period comparisons (sales): product lines on four measures, deal sizes' monthly revenue
  // tested against each other, and each year's months laid over the latest year's
  ['product_line_parallel', 'sales', 'para', 'Product lines: orders, items and price, coloured by revenue', {
    series: 'product_line',
    metrics: ['count_distinct__order_number', 'sum__quantity', 'avg__price'],
    secondary_metric: 'sum__revenue',
    limit: 10,
    include_series: true,
    show_datatable: false,
  }],
  ['deal_size_ttest', 'sales', 'paired_ttest', 'Monthly revenue by deal size: paired t-test', {
    granularity_sqla: 'order_date',
    time_grain_sqla: 'P1M',
    time_range: NO_FILTER,
    metrics: ['sum__revenue', 'count_distinct__order_number'],
    groupby: ['deal_size'],
    limit: 10,
    row_limit: 10000,
    significance_level: 0.05,
    pvalue_precision: 4,
    liftvalue_precision: 2,
  }],
  ['revenue_by_year_pivot', 'sales', 'time_pivot', 'Monthly revenue, one line per year', {
    granularity_sqla: 'order_date',
    time_grain_sqla: 'P1M',
    time_range: NO_FILTER,
    metric: 'sum__revenue',
    freq: 'AS',
    line_interpolation: 'monotone',
    x_axis_format: '%b',
    y_axis_format: '$,.3s',
  }],
  // shapes the sales data lacks: a launch plan's tasks with start and end times, a company's reporting lines
  ['launch_plan_gantt', 'project_tasks', 'gantt_chart', 'Product launch plan by team and phase', {
    start_time: 'start_time',
    end_time: 'end_time',
    y_axis: 'team',
    series: 'phase',
    tooltip_columns: ['task'],
    tooltip_metrics: ['sum__effort_days'],
    row_limit: 1000,
    show_legend: true,
  }],
  ['org_chart_tree', 'org_chart', 'tree_chart', "Reporting lines (each person's salary)", {
    id: 'id',
    parent: 'parent_id',
    name: 'name',
    root_node_id: '1',
    metric: 'sum__salary',
    row_limit: 1000,
    layout: 'orthogonal',
    orient: 'LR',
    initialTreeDepth: 3,
  }],
  // maps (events, whose country column holds ISO 3166-1 alpha-2 codes): countries shaded by events, bubbles by revenue
  ['events_world_map', 'events', 'world_map', 'Events and revenue by country', {
    entity: 'country',
    country_fieldtype: 'cca2',
    metric: 'count',
    secondary_metric: 'sum__revenue',
    show_bubbles: true,
    max_bubble_size: '25',
    y_axis_format: 'SMART_NUMBER',
  }],
  // country_map over region_stats' ISO 3166-2 codes: German states by population
  ['germany_population_country_map', 'region_stats', 'country_map', 'Population by German state', {
    select_country: 'germany',
    adhoc_filters: [{ clause: 'WHERE', subject: 'country', operator: '==', comparator: 'germany', expressionType: 'SIMPLE' }],
    entity: 'region_code',
    metric: 'sum__population',
    number_format: 'SMART_NUMBER',
    linear_color_scheme: 'superset_seq_1',
    row_limit: 10000,
  }],
  // deck.gl maps over the generated geospatial data (geo_points, geo_routes); Europe for the aggregations
  ['places_deck_scatter', 'geo_points', 'deck_scatter', 'Places by category', {
    spatial: PLACES, dimension: 'category', point_radius_fixed: { type: 'fix', value: 3000 }, point_unit: 'radius_m', min_radius: 2, max_radius: 20, row_limit: 5000,
  }],
  ['visits_deck_hex', 'geo_points', 'deck_hex', 'Visits in hexagons', { spatial: PLACES, size: 'sum__visits', grid_size: 25000, extruded: false, ...EUROPE }],
  ['visits_deck_grid', 'geo_points', 'deck_grid', 'Visits in grid cells', { spatial: PLACES, size: 'sum__visits', grid_size: 25000, extruded: false, linear_color_scheme: 'superset_seq_2', ...EUROPE }],
  // the heatmap reads the delimited "lat,lon" column
  ['visits_deck_heatmap', 'geo_points', 'deck_heatmap', 'Visit density', { spatial: { type: 'delimited', lonlatCol: 'lat_lon' }, size: 'sum__visits', radius_pixels: 25, linear_color_scheme: 'fire', ...EUROPE }],
  ['visits_deck_screengrid', 'geo_points', 'deck_screengrid', 'Visits on a screen grid', { spatial: PLACES, size: 'sum__visits', grid_size: 12, color_picker: { r: 255, g: 127, b: 68, a: 1 }, ...EUROPE }],
  ['visits_deck_contour', 'geo_points', 'deck_contour', 'Visit contours', {
    spatial: PLACES, size: 'sum__visits', cellSize: 30000, aggregation: 'sum', ...EUROPE,
    contours: [
      { lowerThreshold: 200, upperThreshold: 2000, color: { r: 143, g: 211, b: 228, a: 1 }, strokeWidth: 0 },
      { lowerThreshold: 2000, upperThreshold: 1000000, color: { r: 13, g: 92, b: 112, a: 1 }, strokeWidth: 0 },
    ],
  }],
  ['routes_deck_arc', 'geo_routes', 'deck_arc', 'Flight routes by airline', {
    start_spatial: { type: 'latlong', lonCol: 'origin_lon', latCol: 'origin_lat' }, end_spatial: { type: 'latlong', lonCol: 'destination_lon', latCol: 'destination_lat' },
    dimension: 'airline', stroke_width: 2,
  }],
  ['routes_deck_path', 'geo_routes', 'deck_path', 'Flight paths', { line_column: 'path_json', line_type: 'json', line_width: 3, line_width_unit: 'pixels', color_picker: { r: 255, g: 127, b: 68, a: 1 } }],
  ['corridors_deck_polygon', 'geo_routes', 'deck_polygon', 'Route corridors by passengers', { line_column: 'corridor_geojson', line_type: 'json', metric: 'sum__passengers', opacity: 60, stroked: true, line_width: 1 }],
  ['corridors_deck_geojson', 'geo_routes', 'deck_geojson', 'Route corridors (GeoJSON)', {
    geojson: 'corridor_geojson', fill_color_picker: { r: 31, g: 168, b: 201, a: 0.35 }, stroke_color_picker: { r: 13, g: 92, b: 112, a: 1 },
  }],
  // deck_multi layers saved deck charts, named here by key and saved by id (buildCharts resolves them)
  ['places_and_routes_deck_multi', 'geo_points', 'deck_multi', 'Places and flight routes', { deck_slices: ['places_deck_scatter', 'routes_deck_arc'] }],
];

// ---------------------------------------------------------------------------------------------------------

/** Key order of a chart YAML as the incumbent exports it. */
function chartConfig(chart) {
  return {
    slice_name: chart.name,
    description: null,
    certified_by: null,
    certification_details: null,
    viz_type: chart.vizType,
    params: chart.params,
    query_context: JSON.stringify(chart.queryContext),
    cache_timeout: null,
    uuid: chart.uuid,
    version: '1.0.0',
    dataset_uuid: chart.dataset.uuid,
  };
}

const fileName = (text) => text.replace(/[^\w]+/g, '_').replace(/^_+|_+$/g, '');

function buildCharts(charts) {
  const registry = charts.registerBuiltInCharts(charts.createChartRegistry());
  const built = new Map();
  CHARTS.forEach(([key, table, vizType, name, own], index) => {
    const plugin = registry.get(vizType);
    if (!plugin) throw new Error(`No plugin for ${vizType}`);
    const dataset = DATASETS[table];
    const id = index + 1;
    const params = { datasource: `${dataset.id}__table`, viz_type: vizType, slice_id: id, ...charts.getControlDefaults(charts.getControlPanel(vizType)), ...own };
    // The categorical bar has no time axis: no grain.
    if (vizType.startsWith('echarts_') && !String(params.x_axis).match(/^(ds|order_date|event_time)$/)) delete params.time_grain_sqla;
    params.extra_form_data = {};
    if (Array.isArray(own.deck_slices)) params.deck_slices = own.deck_slices.map((layer) => built.get(layer).id);
    const queryContext = plugin.buildQuery(params);
    built.set(key, { key, id, uuid: uuidOf(`chart:${key}`), table, dataset, vizType, name, params, queryContext });
  });
  return built;
}

// ---------------------------------------------------------------------------------------------------------
// Layout helpers: each returns its id and records the node (with parents) in `position`.

function layoutBuilder(title) {
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
    GRID_ID: { children: [], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
    HEADER_ID: { id: 'HEADER_ID', meta: { text: title }, type: 'HEADER' },
  };
  let seq = 0;
  const add = (parentId, type, meta, children = []) => {
    seq += 1;
    const id = layoutId(type, `${title}:${seq}`);
    const parent = position[parentId];
    const parents = [...(parent.parents ?? []), parentId];
    position[id] = { children: [], id, ...(meta ? { meta } : {}), parents, type };
    parent.children.push(id);
    for (const child of children) child(id);
    return id;
  };
  return { position, add };
}

const chartNode = (chart, width, height = 50) => (parent, add) =>
  add(parent, 'CHART', { chartId: chart.id, height, sliceName: chart.name, uuid: chart.uuid, width });

// ---------------------------------------------------------------------------------------------------------

function filterBase(id, name, filterType, targets, chartsInScope, allCharts, extra = {}) {
  return {
    id,
    controlValues: extra.controlValues ?? { enableEmptyFilter: false },
    name,
    filterType,
    targets,
    defaultDataMask: extra.defaultDataMask ?? { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: extra.cascadeParentIds ?? [],
    scope: { rootPath: ['ROOT_ID'], excluded: allCharts.filter((c) => !chartsInScope.includes(c)) },
    type: 'NATIVE_FILTER',
    description: extra.description ?? '',
    chartsInScope,
    tabsInScope: extra.tabsInScope ?? [],
  };
}

function showcase(charts) {
  const c = (key) => charts.get(key);
  const { position, add } = layoutBuilder('Lumen Showcase');
  const place = (parent, chart, width, height) => chartNode(chart, width, height)(parent, add);

  // Above the tabs: an introduction and two headline numbers.
  const intro = add('GRID_ID', 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  add(intro, 'MARKDOWN', {
    code: [
      '## About this dashboard',
      '',
      'Charts of every kind over two of the generated example datasets: **birth_names** (US baby names',
      'per state and year) and **sales** (order lines of a model-vehicle retailer).',
      '',
      'The filter bar has a filter of each type: value selects (single with a default, multiple with',
      'search, and a cascading child), a numeric range, a time range, a time grain and a time column.',
    ].join('\n'),
    height: 40,
    width: 6,
  });
  place(intro, c('total_births'), 3, 40);
  place(intro, c('total_revenue'), 3, 40);
  add('GRID_ID', 'DIVIDER');

  const tabs = add('GRID_ID', 'TABS', {});
  const births = add(tabs, 'TAB', { text: 'Births' });
  const overview = add(tabs, 'TAB', { text: 'Sales overview' });
  const details = add(tabs, 'TAB', { text: 'Sales details' });

  add(births, 'HEADER', { text: 'Births over time', headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const b1 = add(births, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(b1, c('births_by_gender'), 6);
  place(b1, c('california_births'), 6);
  add(births, 'DIVIDER');
  add(births, 'HEADER', { text: 'Names', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const b2 = add(births, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(b2, c('popular_names'), 6);
  const b2col = add(b2, 'COLUMN', { background: 'BACKGROUND_TRANSPARENT', width: 6 });
  place(b2col, c('top_names'), 6, 50);
  add(b2col, 'MARKDOWN', { code: 'Names are counted over all years and states; use the **Gender** filter to switch.', height: 12, width: 6 });

  const b3 = add(births, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(b3, c('births_against_target'), 6, 30);
  place(b3, c('top_names_template'), 6, 50);

  add(overview, 'HEADER', { text: 'Revenue', headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const o1 = add(overview, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(o1, c('quarterly_revenue_by_region'), 8);
  place(o1, c('lines_by_region'), 4);
  const o2 = add(overview, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(o2, c('revenue_by_product_line'), 4);
  place(o2, c('monthly_revenue_by_product_line'), 8);
  add(overview, 'DIVIDER');
  const o3 = add(overview, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(o3, c('weekly_revenue_trend'), 4);
  place(o3, c('weekly_avg_price'), 4);
  place(o3, c('monthly_orders'), 4);
  const o4 = add(overview, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(o4, c('revenue_and_orders_mixed'), 6);
  place(o4, c('revenue_by_deal_size_generic'), 6);

  add(details, 'HEADER', { text: 'Breakdowns', headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d1 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d1, c('revenue_pivot'), 8);
  place(d1, c('countries_bubble'), 4);
  const d2 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d2, c('monthly_revenue_by_region_box'), 6);
  place(d2, c('sales_by_country'), 6);
  add(details, 'HEADER', { text: 'Hierarchies', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d3 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d3, c('revenue_treemap'), 4);
  place(d3, c('revenue_sunburst'), 4);
  place(d3, c('revenue_partition'), 4);
  add(details, 'HEADER', { text: 'Flows', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d4 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d4, c('revenue_flow_sankey'), 4);
  place(d4, c('region_product_line_graph'), 4);
  place(d4, c('region_deal_size_chord'), 4);
  add(details, 'HEADER', { text: 'Comparisons', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d5 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d5, c('yearly_revenue_waterfall'), 8);
  place(d5, c('product_line_radar'), 4);
  const d6 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d6, c('weekly_revenue_horizon'), 12);
  add(details, 'HEADER', { text: 'Over time', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d7 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d7, c('revenue_year_over_year'), 4, 40);
  place(d7, c('quarterly_revenue_rose'), 4);
  place(d7, c('sales_calendar'), 4);
  const d8 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d8, c('regions_time_table'), 12, 40);
  const d9 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d9, c('revenue_by_year_pivot'), 6);
  place(d9, c('deal_size_ttest'), 6);
  add(details, 'HEADER', { text: 'Many measures at once', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d10 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d10, c('product_line_parallel'), 12);
  add(details, 'HEADER', { text: 'Projects and people', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' });
  const d11 = add(details, 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
  place(d11, c('launch_plan_gantt'), 7);
  place(d11, c('org_chart_tree'), 5);

  const all = Object.values(position).filter((n) => n?.type === 'CHART').map((n) => n.meta.chartId);
  const ofTable = (table) => [...charts.values()].filter((ch) => ch.table === table && all.includes(ch.id)).map((ch) => ch.id);
  const temporal = [...charts.values()].filter((ch) => all.includes(ch.id) && ch.params.granularity_sqla && ch.table !== 'events').map((ch) => ch.id);
  const grained = [...charts.values()].filter((ch) => all.includes(ch.id) && ch.params.time_grain_sqla && ch.params.x_axis).map((ch) => ch.id);
  const births_ = ofTable('birth_names');
  const sales = ofTable('sales');
  const B = DATASETS.birth_names.uuid;
  const S = DATASETS.sales.uuid;
  const selectControls = (multiSelect, searchAllOptions, extra = {}) => ({
    enableEmptyFilter: false,
    defaultToFirstItem: false,
    multiSelect,
    searchAllOptions,
    inverseSelection: false,
    ...extra,
  });
  const filters = [
    filterBase('NATIVE_FILTER-lumen-gender', 'Gender', 'filter_select', [{ column: { name: 'gender' }, datasetUuid: B }], births_, all, {
      controlValues: selectControls(false, false),
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] },
        filterState: { value: ['girl'], label: 'girl' },
        ownState: {},
      },
      description: 'Single choice with a default value (girl).',
      tabsInScope: [births],
    }),
    filterBase('NATIVE_FILTER-lumen-state', 'State', 'filter_select', [{ column: { name: 'state' }, datasetUuid: B }], births_, all, {
      controlValues: selectControls(true, false),
      cascadeParentIds: ['NATIVE_FILTER-lumen-gender'],
      description: 'States with births of the chosen gender.',
      tabsInScope: [births],
    }),
    { id: 'NATIVE_FILTER_DIVIDER-lumen-sales', type: 'DIVIDER', title: 'Sales', description: 'Filters of the sales charts', scope: { rootPath: ['ROOT_ID'], excluded: [] } },
    filterBase('NATIVE_FILTER-lumen-region', 'Region', 'filter_select', [{ column: { name: 'region' }, datasetUuid: S }], sales, all, {
      controlValues: selectControls(true, true),
      description: 'Several regions; type to search.',
      tabsInScope: [overview, details],
    }),
    filterBase('NATIVE_FILTER-lumen-country', 'Country', 'filter_select', [{ column: { name: 'country' }, datasetUuid: S }], sales, all, {
      controlValues: selectControls(true, true),
      cascadeParentIds: ['NATIVE_FILTER-lumen-region'],
      description: 'Countries of the chosen regions.',
      tabsInScope: [overview, details],
    }),
    filterBase('NATIVE_FILTER-lumen-quantity', 'Quantity', 'filter_range', [{ column: { name: 'quantity' }, datasetUuid: S }], sales, all, {
      description: 'Items per order line.',
      tabsInScope: [overview, details],
    }),
    { id: 'NATIVE_FILTER_DIVIDER-lumen-time', type: 'DIVIDER', title: 'Time', description: 'Time range, grain and column', scope: { rootPath: ['ROOT_ID'], excluded: [] } },
    filterBase('NATIVE_FILTER-lumen-time-range', 'Time range', 'filter_time', [{}], temporal, all, {
      description: 'Narrows every chart with a time column.',
      tabsInScope: [births, overview, details],
    }),
    filterBase('NATIVE_FILTER-lumen-time-grain', 'Time grain', 'filter_timegrain', [{ datasetUuid: S }], grained.filter((id) => sales.includes(id)), all, {
      tabsInScope: [overview, details],
    }),
    filterBase('NATIVE_FILTER-lumen-time-column', 'Time column', 'filter_timecolumn', [{ datasetUuid: S }], temporal.filter((id) => sales.includes(id)), all, {
      tabsInScope: [overview, details],
    }),
  ];
  return {
    dashboard_title: 'Lumen Showcase',
    description: null,
    css: '',
    slug: 'lumen-showcase',
    certified_by: '',
    certification_details: '',
    published: true,
    uuid: uuidOf('dashboard:showcase'),
    position,
    metadata: {
      ...DASHBOARD_METADATA_DEFAULTS,
      cross_filters_enabled: true,
      native_filter_configuration: filters,
      chart_configuration: {},
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: all },
    },
    version: '1.0.0',
  };
}

/** 'Lumen Maps': one chart of every map type. */
function maps(charts) {
  const { position, add } = layoutBuilder('Lumen Maps');
  const deckCharts = [...charts.values()].filter((chart) => chart.vizType.startsWith('deck_'));
  const chosen = [charts.get('events_world_map'), charts.get('germany_population_country_map'), ...deckCharts];
  for (let i = 0; i < chosen.length; i += 2) {
    const row = add('GRID_ID', 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
    for (const chart of chosen.slice(i, i + 2)) chartNode(chart, 6, 60)(row, add);
  }
  return {
    dashboard_title: 'Lumen Maps',
    description: null,
    css: '',
    slug: 'lumen-maps',
    certified_by: '',
    certification_details: '',
    published: true,
    uuid: uuidOf('dashboard:maps'),
    position,
    metadata: {
      ...DASHBOARD_METADATA_DEFAULTS,
      cross_filters_enabled: true,
      native_filter_configuration: [],
      chart_configuration: {},
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: chosen.map((ch) => ch.id) },
    },
    version: '1.0.0',
  };
}

/** json_metadata fields both example dashboards share, in the incumbent's key order. */
const DASHBOARD_METADATA_DEFAULTS = {
  timed_refresh_immune_slices: [],
  expanded_slices: {},
  refresh_frequency: 0,
  default_filters: '{}',
  color_scheme: 'supersetColors',
  label_colors: {},
  shared_label_colors: [],
};

/** 30 charts of every supported type, three per row: what test/bench/dashboard.mjs measures. */
function thirtyCharts(charts) {
  const { position, add } = layoutBuilder('Lumen 30 charts');
  // One chart of each viz type first (the first 30 types once there are more), then more of the common
  // ones up to 30; the raw-records table is left out.
  const byType = new Map();
  for (const chart of charts.values()) if (!byType.has(chart.vizType)) byType.set(chart.vizType, chart);
  const chosen = [...byType.values()].slice(0, 30);
  for (const chart of charts.values()) if (chosen.length < 30 && !chosen.includes(chart) && chart.key !== 'birth_records') chosen.push(chart);
  if (chosen.length !== 30) throw new Error(`expected 30 charts, have ${chosen.length}`);
  for (let i = 0; i < chosen.length; i += 3) {
    const row = add('GRID_ID', 'ROW', { background: 'BACKGROUND_TRANSPARENT' });
    for (const chart of chosen.slice(i, i + 3)) chartNode(chart, 4, 50)(row, add);
  }
  const all = chosen.map((ch) => ch.id);
  return {
    dashboard_title: 'Lumen 30 charts',
    description: null,
    css: '',
    slug: 'lumen-30-charts',
    certified_by: '',
    certification_details: '',
    published: true,
    uuid: uuidOf('dashboard:thirty'),
    position,
    metadata: {
      ...DASHBOARD_METADATA_DEFAULTS,
      cross_filters_enabled: false,
      native_filter_configuration: [],
      chart_configuration: {},
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: all },
    },
    version: '1.0.0',
  };
}

// ---------------------------------------------------------------------------------------------------------

const HEADER = '# Generated by scripts/generate-lumen-examples.mjs (npm run examples:generate): do not edit by hand.\n';
const yaml = (value) => HEADER + stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });

const charts = buildCharts(await loadCharts());
const files = new Map();
files.set('metadata.yaml', yaml({ version: '1.0.0', type: 'assets', timestamp: '2025-01-01T00:00:00+00:00' }));
for (const [table, d] of Object.entries(DATASETS)) files.set(`datasets/examples/${table}.yaml`, yaml(datasetConfig(table, d)));
for (const chart of charts.values()) files.set(`charts/${fileName(chart.name)}_${chart.id}.yaml`, yaml(chartConfig(chart)));
for (const dashboard of [showcase(charts), thirtyCharts(charts), maps(charts)]) files.set(`dashboards/${fileName(dashboard.dashboard_title)}.yaml`, yaml(dashboard));

rmSync(OUT, { recursive: true, force: true });
for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  mkdirSync(dirname(join(OUT, path)), { recursive: true });
  writeFileSync(join(OUT, path), text);
}
const types = new Set([...charts.values()].map((c) => c.vizType));
console.log(`examples/lumen: ${Object.keys(DATASETS).length} datasets, ${charts.size} charts (${types.size} viz types), 3 dashboards`);
