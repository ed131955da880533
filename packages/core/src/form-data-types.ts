/**
 * Chart form data and its parts (spec 1 §3, spec 3 §3), shaped like the incumbent's so saved charts,
 * permalinks and embedded hosts written for it carry over unchanged.
 */
import type { FilterOp, FilterOperatorId } from './filter-operators';
import type { ExtraFormData } from './extra-form-data-types';

/** Aggregates an adhoc SIMPLE metric may use (spec 3 §3). */
export type Aggregate = 'AVG' | 'COUNT' | 'COUNT_DISTINCT' | 'MAX' | 'MIN' | 'SUM';

/** The aggregates, in the spec's order. */
export const AGGREGATES: readonly Aggregate[] = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'];

/** A dataset column as referenced by an adhoc SIMPLE metric. */
export interface MetricColumn {
  column_name: string;
  type?: string | null;
  is_dttm?: boolean;
  verbose_name?: string | null;
  [key: string]: unknown;
}

/** An adhoc metric: either aggregate(column) or a free SQL expression. */
export type AdhocMetric = AdhocMetricSimple | AdhocMetricSQL;

interface AdhocMetricBase {
  label?: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

/** `SUM(num)`-style adhoc metric. */
export interface AdhocMetricSimple extends AdhocMetricBase {
  expressionType: 'SIMPLE';
  column: MetricColumn;
  aggregate: Aggregate;
  sqlExpression?: never;
}

/** Free SQL adhoc metric. */
export interface AdhocMetricSQL extends AdhocMetricBase {
  expressionType: 'SQL';
  sqlExpression: string;
  column?: never;
  aggregate?: never;
}

/** A metric in form data: a saved metric's name or an adhoc metric. */
export type QueryFormMetric = string | AdhocMetric;

/** An adhoc (SQL expression) column, e.g. a computed dimension or an x-axis with a time grain. */
export interface AdhocColumn {
  sqlExpression: string;
  label: string;
  hasCustomLabel?: boolean;
  expressionType?: 'SQL';
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string;
  optionName?: string;
}

/** A column in form data: a physical column's name or an adhoc column. */
export type QueryFormColumn = string | AdhocColumn;

/** An orderby entry: [metric or column, ascending]. */
export type QueryFormOrderBy = [QueryFormMetric | QueryFormColumn, boolean];

/** Comparator of a SIMPLE adhoc filter. */
export type FilterComparator = string | number | boolean | null | ReadonlyArray<string | number | boolean | null>;

/** Clause an adhoc filter applies to. */
export type FilterClause = 'WHERE' | 'HAVING';

/** A SIMPLE adhoc filter: subject, operator, comparator. */
export interface SimpleAdhocFilter {
  expressionType: 'SIMPLE';
  clause: FilterClause;
  subject: string;
  /** Wire operation (`'=='`) as stored by the incumbent, or the spec's identifier (`'EQUALS'`). */
  operator: FilterOp | FilterOperatorId;
  /** The spec identifier kept alongside the operation by the incumbent's filter editor. */
  operatorId?: FilterOperatorId;
  comparator?: FilterComparator;
  /** True when the filter came from a dashboard filter rather than the chart itself. */
  isExtra?: boolean;
  filterOptionName?: string;
  sqlExpression?: never;
}

/** A SQL adhoc filter: a free WHERE/HAVING expression. */
export interface SqlAdhocFilter {
  expressionType: 'SQL';
  clause: FilterClause;
  sqlExpression: string;
  subject?: string;
  operator?: string;
  comparator?: FilterComparator;
  isExtra?: boolean;
  filterOptionName?: string;
}

/** An adhoc filter (spec 1 §3). */
export type AdhocFilter = SimpleAdhocFilter | SqlAdhocFilter;

/** A legacy filter-box filter as carried in form data `extra_filters`. */
export interface LegacyExtraFilter {
  col: string;
  op: FilterOp;
  val?: FilterComparator;
}

/** Annotation layer (spec 1 §3 + OpenAPI AnnotationLayer). */
export interface AnnotationLayer {
  name: string;
  annotationType?: 'FORMULA' | 'INTERVAL' | 'EVENT' | 'TIME_SERIES';
  sourceType?: '' | 'line' | 'NATIVE' | 'table';
  value: string | number;
  overrides?: Record<string, unknown>;
  show: boolean;
  showMarkers: boolean;
  showLabel?: boolean;
  color?: string | null;
  descriptionColumns?: string[];
  hideLine?: boolean;
  intervalEndColumn?: string;
  opacity?: '' | 'opacityLow' | 'opacityMedium' | 'opacityHigh';
  style?: 'dashed' | 'dotted' | 'solid' | 'longDashed';
  timeColumn?: string;
  titleColumn?: string;
  width?: number;
}

/** Query mode of table-like charts. */
export type QueryMode = 'aggregate' | 'raw';

/**
 * The settings of a chart (spec 1 §3) plus the viz-agnostic fields the incumbent's plugins share.
 * Plugins add their own keys, hence the index signature.
 */
export interface QueryFormData {
  /** `id__type`, e.g. `'3__table'`. */
  datasource: string;
  viz_type: string;
  slice_id?: number;
  cache_timeout?: number | null;
  url_params?: Record<string, string>;
  extra_filters?: LegacyExtraFilter[];
  adhoc_filters?: AdhocFilter[];
  annotation_layers?: AnnotationLayer[];
  time_range?: string | null;
  granularity_sqla?: string | null;
  /** Legacy alias of granularity_sqla. */
  granularity?: string | null;
  time_grain_sqla?: string | null;
  row_limit?: number | string | null;
  row_offset?: number | string | null;
  series_limit?: number | null;
  series_limit_metric?: QueryFormMetric | null;
  /** Legacy alias of series_limit_metric. */
  timeseries_limit_metric?: QueryFormMetric | null;
  /** Legacy alias of series_limit. */
  limit?: number | string | null;
  order_desc?: boolean;
  metrics?: QueryFormMetric[] | null;
  metric?: QueryFormMetric | null;
  percent_metrics?: QueryFormMetric[] | null;
  groupby?: QueryFormColumn[] | null;
  columns?: QueryFormColumn[] | null;
  all_columns?: QueryFormColumn[] | null;
  x_axis?: QueryFormColumn | null;
  series_columns?: QueryFormColumn[];
  query_mode?: QueryMode;
  /** Entries may be JSON strings (`'["col", true]'`) as produced by the order_by_cols control. */
  orderby?: Array<QueryFormOrderBy | string> | null;
  order_by_cols?: string[] | null;
  extra_form_data?: ExtraFormData;
  dashboard_color_scheme?: string;
  label_colors?: Record<string, string>;
  color_namespace?: string;
  shared_label_colors?: string[] | Record<string, string>;
  color_scheme?: string;
  dashboardId?: number;
  apply_fetch_values_predicate?: boolean;
  result_format?: string;
  result_type?: string;
  [key: string]: unknown;
}
