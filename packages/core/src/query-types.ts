/**
 * The chart-data wire contract (POST /api/v1/chart/data), matching the incumbent's OpenAPI schemas
 * ChartDataQueryContextSchema, ChartDataQueryObject, ChartDataFilter, ChartDataPostProcessingOperation and
 * ChartDataResponseResult field for field.
 */
import type { FilterOp } from './filter-operators';
import type {
  AnnotationLayer,
  FilterComparator,
  QueryFormColumn,
  QueryFormData,
  QueryFormMetric,
  QueryFormOrderBy,
} from './form-data-types';
import type { DatasourceType } from './datasource-key';

/** A simple filter clause of a query object (OpenAPI ChartDataFilter). */
export interface QueryObjectFilterClause {
  col: QueryFormColumn;
  op: FilterOp;
  val?: FilterComparator;
  grain?: string;
  isExtra?: boolean;
}

/** Query object extras (OpenAPI ChartDataExtras). */
export interface QueryObjectExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string;
  relative_start?: 'today' | 'now' | string;
  relative_end?: 'today' | 'now' | string;
  instant_time_comparison_range?: string;
  [key: string]: unknown;
}

/** Post-processing operations (OpenAPI ChartDataPostProcessingOperation.operation). */
export type PostProcessingOperation =
  | 'aggregate'
  | 'boxplot'
  | 'compare'
  | 'contribution'
  | 'cum'
  | 'diff'
  | 'escape_separator'
  | 'flatten'
  | 'geodetic_parse'
  | 'geohash_decode'
  | 'geohash_encode'
  | 'histogram'
  | 'pivot'
  | 'prophet'
  | 'rank'
  | 'rename'
  | 'resample'
  | 'rolling'
  | 'select'
  | 'sort'
  | 'unescape_separator';

/** One post-processing step. */
export interface PostProcessingRule {
  operation: PostProcessingOperation;
  options?: Record<string, unknown>;
}

/** A query object (OpenAPI ChartDataQueryObject). */
export interface QueryObject {
  columns?: QueryFormColumn[];
  metrics?: QueryFormMetric[];
  orderby?: QueryFormOrderBy[];
  filters?: QueryObjectFilterClause[];
  extras?: QueryObjectExtras;
  time_range?: string;
  granularity?: string;
  applied_time_extras?: Record<string, string>;
  annotation_layers?: AnnotationLayer[];
  apply_fetch_values_predicate?: boolean;
  row_limit?: number;
  row_offset?: number;
  series_columns?: QueryFormColumn[];
  series_limit?: number;
  series_limit_metric?: QueryFormMetric;
  order_desc?: boolean;
  post_processing?: Array<PostProcessingRule | null>;
  time_offsets?: string[];
  is_timeseries?: boolean;
  is_rowcount?: boolean;
  url_params?: Record<string, string>;
  custom_params?: Record<string, unknown>;
  custom_form_data?: Record<string, unknown>;
  result_type?: ChartDataResultType;
  /** Set by time-column/time-grain extra form data overrides. */
  time_column?: string;
  time_grain?: string;
  [key: string]: unknown;
}

/** Result formats (OpenAPI). */
export type ChartDataResultFormat = 'csv' | 'json' | 'xlsx';

/** Result types (OpenAPI). */
export type ChartDataResultType =
  | 'columns'
  | 'full'
  | 'query'
  | 'results'
  | 'samples'
  | 'timegrains'
  | 'post_processed'
  | 'drill_detail';

/**
 * How a result's rows travel (Lumen-only, `result_layout` of the query context). 'records' (the default) is
 * the incumbent's `data: [{col: value}]`; 'columns' sends `columns: [[...], ...]` aligned with `colnames`
 * instead, so a million points cost no per-row objects on either side.
 */
export type ChartDataResultLayout = 'records' | 'columns';

/** The datasource reference of a query context. */
export interface QueryContextDatasource {
  id: number;
  type: DatasourceType;
}

/** The chart data request body (spec 1 §3, OpenAPI ChartDataQueryContextSchema). */
export interface QueryContext {
  datasource: QueryContextDatasource;
  force: boolean;
  queries: QueryObject[];
  form_data?: QueryFormData;
  result_format: ChartDataResultFormat;
  result_type: ChartDataResultType;
  custom_cache_timeout?: number;
  /** Lumen-only; absent means 'records', the incumbent's shape. */
  result_layout?: ChartDataResultLayout;
}

/** Query status values (OpenAPI ChartDataResponseResult.status). */
export type QueryStatus = 'stopped' | 'failed' | 'pending' | 'running' | 'scheduled' | 'success' | 'timed_out';

/** One query's result (OpenAPI ChartDataResponseResult). */
export interface ChartDataResponseResult {
  annotation_data?: Array<Record<string, unknown>> | Record<string, unknown> | null;
  applied_filters?: Array<Record<string, unknown>>;
  rejected_filters?: Array<Record<string, unknown>>;
  cache_key: string | null;
  cache_timeout?: number | null;
  cached_dttm: string | null;
  colnames?: string[];
  coltypes?: number[];
  data?: Array<Record<string, unknown>>;
  /**
   * The rows as one array per column, aligned with `colnames`: sent instead of `data` when the request
   * asked for `result_layout: 'columns'` (the core client then keeps it non-enumerable beside a lazy `data`).
   */
  columns?: ReadonlyArray<ArrayLike<unknown>>;
  error?: string | null;
  from_dttm?: number | null;
  to_dttm?: number | null;
  is_cached: boolean;
  query: string;
  rowcount?: number;
  stacktrace?: string | null;
  status?: QueryStatus;
  [key: string]: unknown;
}

/** The chart data response body (OpenAPI ChartDataResponseSchema). */
export interface ChartDataResponse {
  result: ChartDataResponseResult[];
}
