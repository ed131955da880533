/**
 * Form data -> one query object (OpenAPI ChartDataQueryObject), following the incumbent's buildQueryObject
 * so charts saved there query the same data here. Plugins call it from their buildQuery and then add
 * post-processing, orderby defaults and so on.
 */
import type { LegacyExtraFilter, QueryFormColumn, QueryFormData, QueryFormMetric, QueryFormOrderBy } from './form-data-types';
import { overrideExtraFormData } from './merge-extra-form-data';
import { normalizeOrderBy } from './normalize-order-by';
import { processFilters } from './process-filters';
import { getColumnLabel, getMetricLabel } from './query-labels';
import type { QueryObject, QueryObjectFilterClause } from './query-types';

/** Form-data keys whose values feed `metrics`, `columns` or `orderby` (viz-specific names included). */
export const QUERY_FIELD_ALIASES: Readonly<Record<string, 'metrics' | 'columns' | 'groupby' | 'orderby'>> = {
  metrics: 'metrics',
  metric: 'metrics',
  metric_2: 'metrics',
  secondary_metric: 'metrics',
  percent_metrics: 'metrics',
  x: 'metrics',
  y: 'metrics',
  size: 'metrics',
  x_axis: 'columns',
  groupby: 'groupby',
  columns: 'columns',
  all_columns: 'columns',
  series: 'groupby',
  orderby: 'orderby',
  order_by_cols: 'orderby',
};

function dedupe<T>(items: T[], label: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = label(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Collects metrics, columns and orderby from form data. `query_mode` 'aggregate' ignores raw `columns`
 * and 'raw' ignores groupby/metrics, because table charts keep both so users can switch modes.
 *
 * @example
 * extractQueryFields({ groupby: ['a'], metric: 'count', metrics: ['sum__num'] });
 * // { columns: ['a'], metrics: ['count', 'sum__num'], orderby: undefined }
 */
export function extractQueryFields(
  formData: Partial<QueryFormData>,
  aliases: Readonly<Record<string, 'metrics' | 'columns' | 'groupby' | 'orderby'>> = QUERY_FIELD_ALIASES,
): { columns: QueryFormColumn[]; metrics: QueryFormMetric[] | undefined; orderby: QueryFormOrderBy[] | undefined } {
  const mode = formData.query_mode;
  let columns: QueryFormColumn[] = [];
  let metrics: QueryFormMetric[] = [];
  let orderby: Array<QueryFormOrderBy | string> = [];
  // The x-axis leads the column list so the server's first column is the time/category axis.
  const entries = Object.entries(formData).sort(([a], [b]) => Number(b === 'x_axis') - Number(a === 'x_axis'));
  for (const [key, value] of entries) {
    const target = aliases[key];
    if (!target || value === null || value === undefined) continue;
    if (mode === 'aggregate' && key === 'columns') continue;
    if (mode === 'raw' && (target === 'groupby' || target === 'metrics')) continue;
    const values = (Array.isArray(value) ? value : [value]) as unknown[];
    if (target === 'metrics') metrics = metrics.concat(values as QueryFormMetric[]);
    else if (target === 'orderby') orderby = orderby.concat(values as Array<QueryFormOrderBy | string>);
    else columns = columns.concat((values as QueryFormColumn[]).filter((c) => typeof c === 'string' || Boolean(c)));
  }
  return {
    columns: dedupe(columns, getColumnLabel),
    metrics: mode === 'raw' ? undefined : dedupe(metrics, getMetricLabel),
    orderby: orderby.length > 0 ? normalizeOrderBy(orderby) : undefined,
  };
}

const RESERVED_EXTRA_FILTER_COLUMNS: Readonly<Record<string, 'time_range' | 'granularity_sqla' | 'time_grain_sqla' | 'granularity'>> = {
  __time_range: 'time_range',
  __time_col: 'granularity_sqla',
  __time_grain: 'time_grain_sqla',
  __granularity: 'granularity',
};

/**
 * Splits legacy `extra_filters` into ordinary filters and the reserved time settings they may carry
 * (`__time_range`, `__time_col`, `__time_grain`, `__granularity`), then resolves granularity and time grain.
 *
 * @example
 * extractExtras({ extra_filters: [{ col: '__time_range', op: '==', val: 'Last week' }], time_grain_sqla: 'P1D' });
 * // { filters: [], extras: { time_grain_sqla: 'P1D' }, applied_time_extras: { __time_range: 'Last week' },
 * //   time_range: 'Last week', granularity: undefined }
 */
export function extractExtras(formData: Partial<QueryFormData>): Pick<
  QueryObject,
  'filters' | 'extras' | 'applied_time_extras' | 'time_range' | 'granularity'
> {
  const filters: QueryObjectFilterClause[] = [];
  const applied: Record<string, string> = {};
  const reserved: Partial<Record<'time_range' | 'granularity_sqla' | 'time_grain_sqla' | 'granularity', string>> = {};
  for (const filter of (formData.extra_filters ?? []) as LegacyExtraFilter[]) {
    const field = RESERVED_EXTRA_FILTER_COLUMNS[filter.col];
    if (field) {
      reserved[field] = String(filter.val);
      applied[filter.col] = String(filter.val);
    } else {
      filters.push({ col: filter.col, op: filter.op, ...(filter.val !== undefined ? { val: filter.val } : {}) });
    }
  }
  const timeGrain = reserved.time_grain_sqla ?? formData.time_grain_sqla ?? undefined;
  const result: ReturnType<typeof extractExtras> = {
    filters,
    extras: timeGrain ? { time_grain_sqla: timeGrain } : {},
    applied_time_extras: applied,
    granularity: reserved.granularity_sqla ?? reserved.granularity ?? formData.granularity ?? formData.granularity_sqla ?? undefined,
  };
  if (reserved.time_range !== undefined) result.time_range = reserved.time_range;
  return result;
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/**
 * Builds the query object for form data: columns, metrics, orderby, filters (adhoc, legacy extra filters
 * and extra_form_data's), extras.where/having, time range and grain, limits, annotation layers,
 * url params; then applies extra_form_data's overrides (native and cross filters).
 *
 * @example
 * buildQueryObject({ datasource: '1__table', viz_type: 'table', groupby: ['country'], metrics: ['count'], row_limit: 100 });
 * // { columns: ['country'], metrics: ['count'], row_limit: 100, filters: [], extras: { having: '', where: '' }, ... }
 */
export function buildQueryObject(formData: QueryFormData): QueryObject {
  const {
    adhoc_filters: appendAdhocFilters = [],
    filters: appendFilters = [],
    custom_form_data: customFormData = {},
    ...overrides
  } = formData.extra_form_data ?? {};
  const { columns, metrics, orderby } = extractQueryFields(formData);
  const extracted = extractExtras(formData);
  const { filters, extras } = processFilters({
    filters: [...(extracted.filters ?? []), ...appendFilters],
    adhoc_filters: [...(formData.adhoc_filters ?? []), ...appendAdhocFilters],
    extras: extracted.extras,
    where: typeof formData.where === 'string' ? formData.where : undefined,
  });
  const limit = toNumber(formData.limit);
  const queryObject: QueryObject = {
    time_range: extracted.time_range ?? formData.time_range ?? undefined,
    granularity: extracted.granularity,
    applied_time_extras: extracted.applied_time_extras,
    filters,
    extras,
    columns,
    metrics,
    orderby,
    annotation_layers: formData.annotation_layers ?? [],
    row_limit: toNumber(formData.row_limit),
    row_offset: toNumber(formData.row_offset),
    series_columns: formData.series_columns,
    series_limit: formData.series_limit ?? limit ?? 0,
    series_limit_metric: formData.series_limit_metric ?? formData.timeseries_limit_metric ?? undefined,
    order_desc: formData.order_desc ?? true,
    url_params: formData.url_params ?? {},
    custom_params: (formData.custom_params as Record<string, unknown> | undefined) ?? {},
  };
  if (formData.apply_fetch_values_predicate !== undefined) {
    queryObject.apply_fetch_values_predicate = formData.apply_fetch_values_predicate;
  }
  // JSON.stringify drops undefined members; removing them here keeps equality checks and logs honest.
  for (const key of Object.keys(queryObject)) if (queryObject[key] === undefined) delete queryObject[key];
  return { ...overrideExtraFormData(queryObject, overrides), custom_form_data: customFormData };
}
