/**
 * The incumbent's example mixed chart ('Featured Charts' dashboard, charts/Featured Charts/Mixed.yaml):
 * its saved params as they are, for the tests. Query A: SUM(sales) on the secondary axis; query B: count
 * on the primary axis; monthly over order_date. Its seriesTypeB, 'echarts_timeseries_bar', is a viz type
 * rather than a series type, so the incumbent draws both as lines.
 */
import type { QueryFormData } from '@lumen-bi/core';

const NO_TIME_FILTER = { clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' };

/** SUM(sales), as saved (an adhoc metric over the dataset's column). */
export const SUM_OF_SALES = {
  expressionType: 'SIMPLE',
  column: {
    advanced_data_type: null, certification_details: null, certified_by: null, column_name: 'sales', description: null, expression: null,
    filterable: true, groupby: true, id: 734, is_certified: false, is_dttm: false, python_date_format: null, type: 'DOUBLE PRECISION',
    type_generic: 0, verbose_name: null, warning_markdown: null,
  },
  aggregate: 'SUM',
  sqlExpression: null,
  datasourceWarning: false,
  hasCustomLabel: false,
  label: 'SUM(sales)',
  optionName: 'metric_b9hph4jr9i_nayy40sodwl',
};

/** Mixed.yaml's params (saved JSON: nulls where Lumen's metric type has no field, hence the cast). */
export const INCUMBENT_MIXED_FORM_DATA: QueryFormData = {
  datasource: '22__table',
  viz_type: 'mixed_timeseries',
  x_axis: 'order_date',
  time_grain_sqla: 'P1M',
  metrics: [SUM_OF_SALES],
  groupby: [],
  adhoc_filters: [NO_TIME_FILTER],
  order_desc: true,
  row_limit: 10000,
  truncate_metric: true,
  comparison_type: 'values',
  metrics_b: ['count'],
  groupby_b: [],
  adhoc_filters_b: [NO_TIME_FILTER],
  order_desc_b: true,
  row_limit_b: 10000,
  truncate_metric_b: true,
  comparison_type_b: 'values',
  annotation_layers: [],
  x_axis_title_margin: 15,
  y_axis_title_margin: 15,
  y_axis_title_position: 'Left',
  color_scheme: 'supersetColors',
  seriesType: 'echarts_timeseries_line',
  opacity: 0.2,
  markerSize: 6,
  yAxisIndex: 1,
  seriesTypeB: 'echarts_timeseries_bar',
  opacityB: 0.2,
  markerSizeB: 6,
  yAxisIndexB: 0,
  show_legend: true,
  legendType: 'scroll',
  legendOrientation: 'top',
  x_axis_time_format: 'smart_date',
  rich_tooltip: true,
  tooltipTimeFormat: 'smart_date',
  truncateXAxis: true,
  y_axis_bounds: [null, null],
  y_axis_format: 'SMART_NUMBER',
  y_axis_bounds_secondary: [null, null],
  y_axis_format_secondary: 'SMART_NUMBER',
  extra_form_data: {},
  dashboards: [],
} as unknown as QueryFormData;
