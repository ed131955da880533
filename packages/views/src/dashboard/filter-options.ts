/**
 * Values offered by native filters, queried like any chart: POST /api/v1/chart/data on the filter's
 * dataset with the column as groupby (sorted by the sort metric when set), narrowed by cascade parents.
 */
import { buildQueryContext, fetchChartData, type ApiClient, type ExtraFormData, type NativeFilter, type QueryFormData } from '@lumen-bi/core';
import { filterColumn } from './filter-data-masks';

export const FILTER_OPTIONS_LIMIT = 1000;

/**
 * COUNT(*) so the query groups by the column: without a metric the server returns raw rows (a column's
 * first 1000 rows, repeated values and all) instead of its distinct values.
 */
const OPTION_COUNT_METRIC = { expressionType: 'SIMPLE' as const, aggregate: 'COUNT' as const, column: null, label: 'lumen_option_count' };

function datasourceOf(filter: NativeFilter): string | null {
  const id = filter.targets?.[0]?.datasetId;
  return typeof id === 'number' ? `${id}__table` : null;
}

/**
 * Distinct values of a select filter's column.
 *
 * @example
 * await fetchSelectOptions(api, countryFilter, {}); // ['France', 'Spain', ...]
 */
export async function fetchSelectOptions(api: ApiClient, filter: NativeFilter, parents: ExtraFormData, dashboardId?: number, signal?: AbortSignal): Promise<unknown[]> {
  const datasource = datasourceOf(filter);
  const col = filterColumn(filter);
  if (!datasource || !col) return [];
  const sortMetric = filter.sortMetric ?? null;
  const ascending = filter.controlValues?.sortAscending !== false;
  const formData: QueryFormData = {
    datasource,
    viz_type: 'filter_select',
    groupby: [col],
    metrics: [sortMetric ?? OPTION_COUNT_METRIC] as QueryFormData['metrics'],
    row_limit: FILTER_OPTIONS_LIMIT,
    time_range: filter.time_range ?? 'No filter',
    adhoc_filters: (filter.adhoc_filters ?? []) as QueryFormData['adhoc_filters'],
    extra_form_data: parents,
  };
  const queryContext = buildQueryContext(formData, (base) => [{ ...base, orderby: [[sortMetric ?? col, ascending]] }]);
  const [result] = await fetchChartData(api, { formData, queryContext, dashboardId, signal });
  const rows = (result?.data ?? []) as Record<string, unknown>[];
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const row of rows) {
    const key = JSON.stringify(row[col] ?? null);
    if (seen.has(key)) continue;
    seen.add(key);
    values.push(row[col]);
  }
  return values;
}

/** Min and max of a range filter's column. */
export async function fetchRangeBounds(api: ApiClient, filter: NativeFilter, parents: ExtraFormData, dashboardId?: number): Promise<[number | null, number | null]> {
  const datasource = datasourceOf(filter);
  const col = filterColumn(filter);
  if (!datasource || !col) return [null, null];
  const metric = (aggregate: 'MIN' | 'MAX') => ({ expressionType: 'SIMPLE' as const, column: { column_name: col }, aggregate, label: aggregate.toLowerCase() });
  const formData: QueryFormData = { datasource, viz_type: 'filter_range', metrics: [metric('MIN'), metric('MAX')], row_limit: 1, time_range: 'No filter', extra_form_data: parents };
  const [result] = await fetchChartData(api, { formData, queryContext: buildQueryContext(formData), dashboardId });
  const row = ((result?.data ?? []) as Record<string, unknown>[])[0] ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : v == null ? null : Number(v));
  return [num(row.min), num(row.max)];
}

/** Time grains the filter's dataset's database offers (GET /api/v1/database/{id}/... is not needed: fixed ISO list). */
export const TIME_GRAINS: readonly { value: string; label: string }[] = [
  { value: 'PT1S', label: 'Second' },
  { value: 'PT1M', label: 'Minute' },
  { value: 'PT1H', label: 'Hour' },
  { value: 'P1D', label: 'Day' },
  { value: 'P1W', label: 'Week' },
  { value: 'P1M', label: 'Month' },
  { value: 'P3M', label: 'Quarter' },
  { value: 'P1Y', label: 'Year' },
];

/** Temporal columns of the filter's dataset, for filter_timecolumn. */
export async function fetchTimeColumns(api: ApiClient, filter: NativeFilter): Promise<string[]> {
  const id = filter.targets?.[0]?.datasetId;
  if (typeof id !== 'number') return [];
  const { json } = await api.get<{ result: { columns?: { column_name: string; is_dttm?: boolean }[] } }>(`/api/v1/dataset/${id}`);
  return (json.result.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name);
}
