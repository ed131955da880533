import { badRequest } from '../errors';

/**
 * The server's validated form of a chart-data query object (Superset's ChartDataQueryObject). Incoming JSON
 * is untrusted: `parseQueryObject` checks every field's type and names the bad one in a 400.
 */
export interface AdhocColumn {
  sqlExpression: string;
  label?: string;
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string | null;
  expressionType?: 'SQL';
}
export type QueryColumn = string | AdhocColumn;

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface AdhocMetric {
  expressionType: 'SIMPLE' | 'SQL';
  column?: { column_name: string } | null;
  aggregate?: Aggregate | null;
  sqlExpression?: string | null;
  label?: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}
export type QueryMetric = string | AdhocMetric;

export const FILTER_OPERATORS = [
  '==', '!=', '>', '<', '>=', '<=', 'LIKE', 'NOT LIKE', 'ILIKE', 'IS NULL', 'IS NOT NULL', 'IN', 'NOT IN',
  'IS TRUE', 'IS FALSE', 'TEMPORAL_RANGE',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface QueryFilter {
  col: QueryColumn;
  op: FilterOperator;
  val?: unknown;
  grain?: string | null;
  isExtra?: boolean;
}

export interface QueryExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string | null;
  relative_start?: string;
  relative_end?: string;
}

export interface PostProcessingStepInput {
  operation: string;
  options?: Record<string, unknown>;
}

export interface QueryObject {
  columns: QueryColumn[];
  metrics: QueryMetric[];
  /**
   * The query groups by its columns even with no metrics: the request carried `metrics` (`[]` included), as the
   * incumbent groups whenever metrics is not null. Raw mode (whose form data leaves metrics out), samples and
   * drill-to-detail leave it unset and get the rows as stored.
   */
  groups_columns?: boolean;
  filters: QueryFilter[];
  extras: QueryExtras;
  granularity: string | null;
  time_range: string | null;
  is_timeseries: boolean;
  row_limit: number | null;
  row_offset: number;
  series_limit: number;
  series_limit_metric: QueryMetric | null;
  series_columns: QueryColumn[] | null;
  order_desc: boolean;
  orderby: [QueryMetric | QueryColumn, boolean][];
  post_processing: PostProcessingStepInput[];
  time_offsets: string[];
  annotation_layers: Record<string, unknown>[];
  result_type: string | null;
  apply_fetch_values_predicate: boolean;
  url_params: Record<string, string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function column(value: unknown, path: string): QueryColumn {
  if (typeof value === 'string' && value) return value;
  if (isObject(value) && typeof value.sqlExpression === 'string') {
    if (value.label !== undefined && typeof value.label !== 'string') throw badRequest(`${path}.label must be a string`);
    if (value.columnType !== undefined && value.columnType !== 'BASE_AXIS' && value.columnType !== 'SERIES') {
      throw badRequest(`${path}.columnType must be BASE_AXIS or SERIES`);
    }
    return {
      sqlExpression: value.sqlExpression,
      label: value.label as string | undefined,
      columnType: value.columnType as AdhocColumn['columnType'],
      timeGrain: (value.timeGrain as string | null | undefined) ?? null,
      expressionType: 'SQL',
    };
  }
  throw badRequest(`${path} must be a column name or an adhoc column {sqlExpression, label}`);
}

function metric(value: unknown, path: string): QueryMetric {
  if (typeof value === 'string' && value) return value;
  if (!isObject(value)) throw badRequest(`${path} must be a saved metric name or an adhoc metric`);
  if (value.expressionType === 'SIMPLE') {
    const col = value.column;
    if (value.aggregate !== 'COUNT' || col) {
      if (!isObject(col) || typeof col.column_name !== 'string') throw badRequest(`${path}.column.column_name is required for a SIMPLE metric`);
    }
    if (typeof value.aggregate !== 'string' || !(AGGREGATES as readonly string[]).includes(value.aggregate)) {
      throw badRequest(`${path}.aggregate must be one of ${AGGREGATES.join(', ')}`);
    }
  } else if (value.expressionType === 'SQL') {
    if (typeof value.sqlExpression !== 'string' || !value.sqlExpression.trim()) throw badRequest(`${path}.sqlExpression is required for a SQL metric`);
  } else {
    throw badRequest(`${path}.expressionType must be SIMPLE or SQL`);
  }
  if (value.label !== undefined && typeof value.label !== 'string') throw badRequest(`${path}.label must be a string`);
  return {
    expressionType: value.expressionType,
    column: isObject(value.column) ? { column_name: String(value.column.column_name) } : null,
    aggregate: (value.aggregate as Aggregate) ?? null,
    sqlExpression: (value.sqlExpression as string) ?? null,
    label: value.label as string | undefined,
    hasCustomLabel: value.hasCustomLabel === true,
  };
}

function integer(value: unknown, path: string, min: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min) throw badRequest(`${path} is expected to be an integer >= ${min}`);
  return n;
}

function list<T>(value: unknown, path: string, each: (v: unknown, p: string) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`${path} must be a list`);
  return value.map((v, i) => each(v, `${path}[${i}]`));
}

function optionalString(value: unknown, path: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${path} must be a string`);
  return value;
}

function filter(value: unknown, path: string): QueryFilter {
  if (!isObject(value)) throw badRequest(`${path} must be an object {col, op, val}`);
  const op = typeof value.op === 'string' ? value.op.toUpperCase() : value.op;
  if (typeof op !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw badRequest(`${path}.op '${String(value.op)}' is not a filter operator; expected one of ${FILTER_OPERATORS.join(', ')}`);
  }
  return { col: column(value.col, `${path}.col`), op: op as FilterOperator, val: value.val, grain: (value.grain as string) ?? null, isExtra: value.isExtra === true };
}

function orderby(value: unknown, path: string): [QueryMetric | QueryColumn, boolean] {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'boolean') {
    throw badRequest(`${path} must be a [metric or column, ascending] pair`);
  }
  const target = value[0];
  if (isObject(target) && (target.expressionType === 'SIMPLE' || (target.expressionType === 'SQL' && !('columnType' in target) && target.aggregate !== undefined))) {
    return [metric(target, `${path}[0]`), value[1]];
  }
  if (isObject(target) && target.expressionType === 'SQL') return [metric(target, `${path}[0]`), value[1]];
  return [column(target, `${path}[0]`), value[1]];
}

export function parseQueryObject(raw: unknown, path = 'queries[0]'): QueryObject {
  if (!isObject(raw)) throw badRequest(`${path} must be an object`);
  const extras = raw.extras === undefined || raw.extras === null ? {} : raw.extras;
  if (!isObject(extras)) throw badRequest(`${path}.extras must be an object`);
  for (const key of ['where', 'having', 'time_grain_sqla', 'relative_start', 'relative_end']) {
    if (extras[key] !== undefined && extras[key] !== null && typeof extras[key] !== 'string') throw badRequest(`${path}.extras.${key} must be a string`);
  }
  const columns = list(raw.columns ?? raw.groupby, `${path}.columns`, column);
  const seriesLimit = integer(raw.series_limit ?? raw.timeseries_limit, `${path}.series_limit`, 0) ?? 0;
  const urlParams = raw.url_params === undefined || raw.url_params === null ? {} : raw.url_params;
  if (!isObject(urlParams)) throw badRequest(`${path}.url_params must be an object`);
  const timeOffsets = list(raw.time_offsets, `${path}.time_offsets`, (v, p) => {
    if (typeof v !== 'string') throw badRequest(`${p} must be a string`);
    return v;
  });
  const seriesLimitMetric = raw.series_limit_metric ?? raw.timeseries_limit_metric;
  return {
    columns,
    metrics: list(raw.metrics, `${path}.metrics`, metric),
    groups_columns: raw.metrics !== undefined && raw.metrics !== null,
    filters: list(raw.filters ?? raw.filter, `${path}.filters`, filter),
    extras: extras as QueryExtras,
    granularity: optionalString(raw.granularity ?? raw.granularity_sqla, `${path}.granularity`),
    time_range: optionalString(raw.time_range, `${path}.time_range`),
    is_timeseries: raw.is_timeseries === true,
    row_limit: integer(raw.row_limit, `${path}.row_limit`, 0),
    row_offset: integer(raw.row_offset, `${path}.row_offset`, 0) ?? 0,
    series_limit: seriesLimit,
    series_limit_metric: seriesLimitMetric === undefined || seriesLimitMetric === null || (isObject(seriesLimitMetric) && !Object.keys(seriesLimitMetric).length) ? null : metric(seriesLimitMetric, `${path}.series_limit_metric`),
    series_columns: raw.series_columns === undefined || raw.series_columns === null ? null : list(raw.series_columns, `${path}.series_columns`, column),
    order_desc: raw.order_desc !== false,
    orderby: list(raw.orderby, `${path}.orderby`, orderby),
    post_processing: list(raw.post_processing, `${path}.post_processing`, (v, p) => {
      if (v === null) return null as unknown as PostProcessingStepInput;
      if (!isObject(v) || typeof v.operation !== 'string') throw badRequest(`${p} must be {operation, options}`);
      if (v.options !== undefined && !isObject(v.options)) throw badRequest(`${p}.options must be an object`);
      return { operation: v.operation, options: v.options as Json | undefined };
    }).filter(Boolean),
    time_offsets: timeOffsets,
    annotation_layers: list(raw.annotation_layers, `${path}.annotation_layers`, (v, p) => {
      if (!isObject(v)) throw badRequest(`${p} must be an object`);
      return v;
    }),
    result_type: optionalString(raw.result_type, `${path}.result_type`),
    apply_fetch_values_predicate: raw.apply_fetch_values_predicate === true,
    url_params: urlParams as Record<string, string>,
  };
}

/** The label a metric has in results: custom label, saved name, 'SUM(num)', 'COUNT(*)' or its SQL. */
export function metricLabel(m: QueryMetric): string {
  if (typeof m === 'string') return m;
  if (m.label && (m.hasCustomLabel || m.label.trim())) return m.label;
  if (m.expressionType === 'SIMPLE') {
    if (m.aggregate === 'COUNT' && !m.column) return 'COUNT(*)';
    return `${m.aggregate}(${m.column?.column_name ?? '*'})`;
  }
  return m.sqlExpression ?? '';
}

export function columnLabel(c: QueryColumn): string {
  return typeof c === 'string' ? c : c.label || c.sqlExpression;
}

export const isAdhocColumn = (c: unknown): c is AdhocColumn => isObject(c) && typeof c.sqlExpression === 'string' && !('expressionType' in c && c.expressionType === 'SIMPLE') && !('aggregate' in c);
