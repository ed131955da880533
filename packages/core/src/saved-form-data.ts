/**
 * The form data of a saved chart as every renderer reads it (Explore, dashboards, embedded dashboards,
 * <bi-chart>, chart reports): its saved `params` with the datasource, viz type and id of the chart record,
 * then legacy field names moved to the controls that read them today. One function, so one saved chart
 * builds one query wherever it is drawn (issue 16: 'Weekly Messages' showed other numbers in Explore).
 *
 * The migrations follow the incumbent's own: charts saved before its generic chart axes keep their time
 * column in `granularity_sqla`, charts saved before the v2 plugins keep `all_columns_x`.
 */
import type { QueryFormData } from './form-data-types';

/** The chart record fields the form data is built from (GET /api/v1/chart/{id}, the dashboard's charts). */
export interface SavedChartRecord {
  id?: number;
  viz_type?: string | null;
  params?: string | Record<string, unknown> | null;
  datasource_id?: number | null;
  datasource_type?: string | null;
}

/**
 * Viz types whose x-axis control took over the legacy time column: the incumbent fills `x_axis` from
 * `granularity_sqla` when a chart saved without one is opened.
 */
const GENERIC_AXIS_VIZ_TYPES = new Set([
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_step',
  'echarts_timeseries_smooth',
  'mixed_timeseries',
  'big_number',
  'waterfall',
]);

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A legacy time series keeps its time column in `granularity_sqla`; the x-axis control reads `x_axis`. */
function legacyTimeAxis(formData: QueryFormData): Partial<QueryFormData> {
  if (!GENERIC_AXIS_VIZ_TYPES.has(formData.viz_type) || !isEmpty(formData.x_axis) || isEmpty(formData.granularity_sqla)) return {};
  return { x_axis: formData.granularity_sqla };
}

/**
 * A box plot without 'Distribute across' columns distributes over its time column (the incumbent's
 * buildQuery does so); showing that column in the control keeps Explore from refusing the chart.
 */
function legacyBoxPlotColumns(formData: QueryFormData): Partial<QueryFormData> {
  if (formData.viz_type !== 'box_plot' || !isEmpty(formData.columns) || isEmpty(formData.granularity_sqla)) return {};
  return { columns: [formData.granularity_sqla as string] };
}

/** The legacy histogram's `all_columns_x` (a list) is histogram_v2's single `column`. */
function legacyHistogramColumn(formData: QueryFormData): Partial<QueryFormData> {
  if (formData.viz_type !== 'histogram_v2' || !isEmpty(formData.column) || isEmpty(formData.all_columns_x)) return {};
  const legacy = formData.all_columns_x;
  return { column: Array.isArray(legacy) ? legacy[0] : legacy };
}

const MIGRATIONS = [legacyTimeAxis, legacyBoxPlotColumns, legacyHistogramColumn];

/**
 * Moves legacy field names of saved form data to today's controls. Idempotent, and a no-op for form
 * data saved by Lumen's Explore.
 *
 * @example
 * migrateLegacyFormData({ datasource: '1__table', viz_type: 'big_number', granularity_sqla: 'ts', metric: 'count' }).x_axis; // 'ts'
 */
export function migrateLegacyFormData(formData: QueryFormData): QueryFormData {
  return MIGRATIONS.reduce<QueryFormData>((fd, migrate) => ({ ...fd, ...migrate(fd) }), formData);
}

/**
 * A chart's saved `params` (JSON text, or already an object) as an object; unparseable text is an error the
 * page shows rather than a blank chart.
 *
 * @example
 * parseParams('{"viz_type":"pie"}'); // { viz_type: 'pie' }
 */
export function parseParams(params: string | Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!params) return {};
  if (typeof params !== 'string') return params;
  let value: unknown;
  try {
    value = JSON.parse(params);
  } catch (error) {
    throw new Error(`The chart's saved form data could not be parsed: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error("The chart's saved form data is not an object");
  return value as Record<string, unknown>;
}

/**
 * The form data of a saved chart: its params, the record's datasource, viz type and id (the params' own
 * copies may be stale after an import), then migrateLegacyFormData.
 *
 * @example
 * savedChartFormData({ id: 61, viz_type: 'big_number', datasource_id: 12, datasource_type: 'table',
 *   params: '{"granularity_sqla":"ts","metric":"count"}' });
 * // { granularity_sqla: 'ts', metric: 'count', slice_id: 61, viz_type: 'big_number', datasource: '12__table', x_axis: 'ts' }
 */
export function savedChartFormData(chart: SavedChartRecord): QueryFormData {
  const params = parseParams(chart.params);
  const datasource =
    chart.datasource_id !== undefined && chart.datasource_id !== null ? `${chart.datasource_id}__${chart.datasource_type ?? 'table'}` : String(params.datasource ?? '');
  const vizType = chart.viz_type || (typeof params.viz_type === 'string' ? params.viz_type : '');
  return migrateLegacyFormData({ ...params, ...(chart.id !== undefined ? { slice_id: chart.id } : {}), viz_type: vizType, datasource } as QueryFormData);
}
