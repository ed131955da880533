import type { EngineSpec } from '../engines';
import { badRequest, ErrorType, LumenError } from '../errors';
import type { DatasetColumnModel, DatasetModel } from './dataset-model';
import {
  type AdhocColumn,
  columnLabel,
  metricLabel,
  type QueryColumn,
  type QueryFilter,
  type QueryMetric,
  type QueryObject,
} from './query-object';
import type { FragmentResolver } from './sql-fragment';
import { temporalColumnSql } from './temporal-expression';
import { resolveTimeRange, type TimeInterval } from './time-range';

/**
 * Dataset + query object -> one SQL statement for the dataset's engine. Identifiers come only from the
 * dataset's columns and metrics (quoted per dialect); every value is a bound parameter; user SQL fragments
 * come through `options.fragment`, which answers only fragments the engine's parser has checked (see
 * checked-compile.ts); RLS clauses are ANDed into WHERE. See docs/architecture.md "Data flow".
 */
export interface CompileOptions {
  spec: EngineSpec;
  dataset: DatasetModel;
  query: QueryObject;
  /** Row-level security clauses that apply to this dataset for this user or guest token. */
  rlsClauses?: string[];
  /** Configured cap for any query's row limit. */
  maxRowLimit: number;
  now?: Date;
  /** Replaces the time range's resolved interval (time offsets query a shifted window). */
  intervalOverride?: TimeInterval;
  /**
   * Moves each TEMPORAL_RANGE filter's window (a time offset's query): the incumbent shifts the time range
   * filter too, so a chart whose range is an adhoc filter (pop_kpi, every generic-axes chart) compares
   * against the earlier period rather than the same one.
   */
  shiftTemporalRange?: (interval: TimeInterval) => TimeInterval;
  /** The checked, parenthesised SQL of a user-written fragment (compileCheckedQuery supplies it). */
  fragment: FragmentResolver;
}

export interface AppliedFilter {
  column: string;
}
export interface RejectedFilter {
  column: string;
  /** The incumbent's reasons: a filter column the dataset lacks, or a time range with no time column to narrow. */
  reason: 'not_in_datasource' | 'no_temporal_column';
}

/** The column name the incumbent reports a dashboard's time range under in applied/rejected filters. */
export const TIME_RANGE_FILTER_COLUMN = '__time_range';

export interface CompiledQuery {
  sql: string;
  params: unknown[];
  /** Result column labels in SELECT order. */
  labels: string[];
  columnLabels: string[];
  metricLabels: string[];
  /** Labels of temporal result columns (converted to epoch ms by the engine client). */
  temporalLabels: string[];
  rowLimit: number;
  interval: TimeInterval;
  appliedFilters: AppliedFilter[];
  rejectedFilters: RejectedFilter[];
}

interface ResolvedColumn {
  sql: string;
  label: string;
  isTemporal: boolean;
  model: DatasetColumnModel | null;
  /**
   * The column as a timestamp where it serves as time (time grain, time axis, time range): `sql` itself,
   * or for a temporal column stored as a number or text its conversion (temporal-expression.ts).
   */
  timeSql: string;
  /** The column's raw values are instants the result encoder can read (dates, ISO text, epoch ms). */
  rawIsInstant: boolean;
}

const TIMESTAMP_LABEL = '__timestamp';

const columnMissing = (name: string, dataset: DatasetModel) =>
  new LumenError(400, `Column '${name}' does not exist in dataset ${dataset.table_name}`, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, { column: name });

/** 'YYYY-MM-DD HH:MM:SS[.fff]' in UTC: the literal form every engine casts to a timestamp. */
function timestampText(date: Date): string {
  const iso = date.toISOString();
  const ms = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms === '000' ? '' : `.${ms}`}`;
}

export function compileQuery(options: CompileOptions): CompiledQuery {
  const { spec, dataset, query } = options;
  const fragment = options.fragment;
  const q = (name: string) => spec.quoteIdentifier(name);
  const params: unknown[] = [];
  const bind = (value: unknown): string => {
    params.push(value);
    return spec.placeholder(params.length);
  };
  const columnsByName = new Map(dataset.columns.map((c) => [c.column_name, c]));
  const metricsByName = new Map(dataset.metrics.map((m) => [m.metric_name, m]));

  const resolveColumn = (col: QueryColumn): ResolvedColumn => {
    const name = typeof col === 'string' ? col : col.sqlExpression.trim();
    const model = columnsByName.get(name) ?? null;
    if (model) {
      const sql = model.expression ? fragment(model.expression, 'column') : q(model.column_name);
      const genericType = spec.genericType(model.type);
      const format = model.python_date_format?.trim() || null;
      const converted = model.is_dttm || format ? temporalColumnSql(spec.engine, { sql, genericType, pythonDateFormat: format }) : null;
      // A year (2006) or epoch seconds must not be read as epoch milliseconds when shown as they are.
      const rawIsInstant = model.is_dttm && (genericType === 'NUMERIC' ? format === 'epoch_ms' : !(genericType === 'STRING' && format));
      return { sql, label: columnLabel(col), isTemporal: model.is_dttm, model, timeSql: converted ?? sql, rawIsInstant };
    }
    if (typeof col === 'string') throw columnMissing(col, dataset);
    const sql = fragment(col.sqlExpression, 'column');
    return { sql, label: columnLabel(col), isTemporal: false, model: null, timeSql: sql, rawIsInstant: false };
  };

  const metricSql = (metric: QueryMetric): string => {
    if (typeof metric === 'string') {
      const saved = metricsByName.get(metric);
      if (!saved) throw new LumenError(400, `Metric '${metric}' does not exist in dataset ${dataset.table_name}`, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, { metric });
      return fragment(saved.expression, 'metric');
    }
    if (metric.expressionType === 'SQL') return fragment(metric.sqlExpression, 'metric');
    if (metric.aggregate === 'COUNT' && !metric.column) return 'COUNT(*)';
    const target = resolveColumn(metric.column!.column_name).sql;
    return metric.aggregate === 'COUNT_DISTINCT' ? `COUNT(DISTINCT ${target})` : `${metric.aggregate}(${target})`;
  };

  /** A temporal bound comparable with the column, bound as a parameter. */
  const temporalBound = (column: ResolvedColumn, date: Date): { left: string; right: string } => {
    const format = column.model?.python_date_format?.trim();
    // Epoch numbers compare with the bound as a number: the same rows, and an index on the column still serves.
    if (isNumericColumn(column) && format === 'epoch_s') return { left: column.sql, right: bind(Math.floor(date.getTime() / 1000)) };
    if (isNumericColumn(column) && format === 'epoch_ms') return { left: column.sql, right: bind(date.getTime()) };
    const left = column.timeSql;
    switch (spec.engine) {
      case 'sqlite':
        return { left: `datetime(${left})`, right: `datetime(${bind(timestampText(date))})` };
      case 'mysql':
        return { left, right: `CAST(${bind(timestampText(date))} AS DATETIME)` };
      default:
        return { left, right: `CAST(${bind(timestampText(date))} AS TIMESTAMP)` };
    }
  };

  const intervalClauses = (column: ResolvedColumn, interval: TimeInterval): string[] => {
    const clauses: string[] = [];
    if (interval.since) {
      const { left, right } = temporalBound(column, interval.since);
      clauses.push(`${left} >= ${right}`);
    }
    if (interval.until) {
      const { left, right } = temporalBound(column, interval.until);
      clauses.push(`${left} < ${right}`);
    }
    return clauses;
  };

  const isNumericColumn = (column: ResolvedColumn) => spec.genericType(column.model?.type) === 'NUMERIC';
  const coerce = (column: ResolvedColumn, value: unknown, path: string): unknown => {
    if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
      if (typeof value === 'string' && isNumericColumn(column) && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      if (typeof value === 'boolean' && spec.engine === 'sqlite') return value ? 1 : 0;
      return value;
    }
    throw badRequest(`${path} must be a string, number, boolean or null`);
  };

  const interval: TimeInterval = options.intervalOverride ?? resolveTimeRange(query.time_range, options.now);
  const appliedFilters: AppliedFilter[] = [];
  const rejectedFilters: RejectedFilter[] = [];

  const filterClause = (filter: QueryFilter, index: number): string | null => {
    const path = `filters[${index}]`;
    let column: ResolvedColumn;
    try {
      column = resolveColumn(filter.col);
    } catch (error) {
      // Dashboard filters reach every chart in scope; a column this dataset lacks is reported, not fatal.
      if (filter.isExtra && error instanceof LumenError && error.errorType === ErrorType.COLUMN_DOES_NOT_EXIST_ERROR) {
        rejectedFilters.push({ column: columnLabel(filter.col), reason: 'not_in_datasource' });
        return null;
      }
      throw error;
    }
    appliedFilters.push({ column: column.label });
    const { op, val } = filter;
    const left = column.sql;
    switch (op) {
      case 'IS NULL':
      case 'IS NOT NULL':
      case 'IS TRUE':
      case 'IS FALSE':
        return `${left} ${op}`;
      case 'IN':
      case 'NOT IN': {
        const values = (Array.isArray(val) ? val : [val]).map((v, i) => coerce(column, v, `${path}.val[${i}]`));
        const nonNull = values.filter((v) => v !== null);
        const hasNull = nonNull.length !== values.length;
        if (op === 'IN') {
          const parts = nonNull.length ? [`${left} IN (${nonNull.map(bind).join(', ')})`] : [];
          if (hasNull) parts.push(`${left} IS NULL`);
          return parts.length ? `(${parts.join(' OR ')})` : '1 = 0';
        }
        const parts = nonNull.length ? [`${left} NOT IN (${nonNull.map(bind).join(', ')})`] : [];
        if (hasNull) parts.push(`${left} IS NOT NULL`);
        return parts.length ? `(${parts.join(' AND ')})` : null;
      }
      case 'LIKE':
      case 'NOT LIKE':
      case 'ILIKE': {
        if (typeof val !== 'string') throw badRequest(`${path}.val must be a string pattern for ${op}`);
        if (op === 'ILIKE' && spec.engine !== 'postgresql' && spec.engine !== 'duckdb') return `LOWER(${left}) LIKE LOWER(${bind(val)})`;
        return `${left} ${op} ${bind(val)}`;
      }
      case 'TEMPORAL_RANGE': {
        if (typeof val !== 'string') throw badRequest(`${path}.val must be a time range string for TEMPORAL_RANGE`);
        const range = resolveTimeRange(val, options.now);
        const clauses = intervalClauses(column, options.shiftTemporalRange ? options.shiftTemporalRange(range) : range);
        return clauses.length ? clauses.join(' AND ') : null;
      }
      default: {
        if (Array.isArray(val)) {
          if (op === '==' || op === '!=') return filterClause({ ...filter, op: op === '==' ? 'IN' : 'NOT IN' }, index);
          throw badRequest(`${path}.val must be a single value for ${op}`);
        }
        if (val === null || val === undefined) {
          if (op === '==') return `${left} IS NULL`;
          if (op === '!=') return `${left} IS NOT NULL`;
          throw badRequest(`${path}.val is required for ${op}`);
        }
        const sqlOp = op === '==' ? '=' : op === '!=' ? '<>' : op;
        if (column.isTemporal && typeof val === 'string' && !isNumericColumn(column)) {
          const date = new Date(/Z|[+-]\d\d:?\d\d$/.test(val) ? val : `${val.replace(' ', 'T')}Z`);
          if (Number.isNaN(date.getTime())) throw badRequest(`${path}.val '${val}' is not a date`);
          const bound = temporalBound(column, date);
          return `${bound.left} ${sqlOp} ${bound.right}`;
        }
        return `${left} ${sqlOp} ${bind(coerce(column, val, `${path}.val`))}`;
      }
    }
  };

  // SELECT list: dimensions (with time grain on the x-axis), then metrics.
  const selected: { sql: string; label: string; temporal: boolean }[] = [];
  const grain = query.extras.time_grain_sqla ?? null;
  if (query.is_timeseries) {
    const timeColumn = query.granularity ?? dataset.main_dttm_col;
    if (!timeColumn) throw badRequest('is_timeseries needs a granularity (temporal column)');
    const resolved = resolveColumn(timeColumn);
    selected.push({ sql: spec.timeGrainExpression(resolved.timeSql, grain), label: TIMESTAMP_LABEL, temporal: true });
  }
  const dimensions = query.columns.map((col) => {
    const resolved = resolveColumn(col);
    const adhoc = typeof col === 'object' ? (col as AdhocColumn) : null;
    const columnGrain = adhoc?.columnType === 'BASE_AXIS' ? (adhoc.timeGrain ?? grain) : null;
    // As the incumbent: a dataset column of a non-temporal type takes no grain (Explore keeps a default
    // grain in the form data, so a bar chart over a text x-axis sends one); an expression outside the
    // dataset, or a column of unknown type, is taken as temporal when it carries a grain.
    const typedOtherwise = Boolean(resolved.model?.type) && !/DATE|TIME/i.test(resolved.model?.type ?? '');
    const isAxis = adhoc?.columnType === 'BASE_AXIS';
    if (isAxis && resolved.isTemporal) {
      // The time axis of a temporal column stored as a number or text: converted, then truncated to the grain.
      return { sql: spec.timeGrainExpression(resolved.timeSql, columnGrain), label: resolved.label, temporal: true, isAxis };
    }
    // Any other use of a temporal column shows its values as stored (a year stays 2006), as the incumbent does.
    const temporal = resolved.isTemporal ? resolved.rawIsInstant : Boolean(columnGrain) && !typedOtherwise;
    const sql = columnGrain && temporal ? spec.timeGrainExpression(resolved.sql, columnGrain) : resolved.sql;
    return { sql, label: resolved.label, temporal, isAxis };
  });
  selected.push(...dimensions);
  const metricLabels = query.metrics.map(metricLabel);
  const metricSqls = query.metrics.map(metricSql);
  query.metrics.forEach((_, i) => selected.push({ sql: metricSqls[i], label: metricLabels[i], temporal: false }));
  if (!selected.length) throw badRequest('Empty query? The query has no columns and no metrics.');
  const labels = selected.map((s) => s.label);
  const duplicate = labels.find((label, i) => labels.indexOf(label) !== i);
  if (duplicate !== undefined) throw badRequest(`Duplicate column/metric labels: '${duplicate}'. Please make sure all columns and metrics have a unique label.`);

  const source = dataset.sql
    ? `(${dataset.sql.trim().replace(/;\s*$/, '')}) AS ${q('virtual_table')}`
    : [dataset.catalog, dataset.schema, dataset.table_name].filter(Boolean).map((part) => q(part as string)).join('.');

  /** WHERE conditions; a function so each use binds its parameters in textual order. */
  const whereConditions = (): string[] => {
    const conditions: string[] = [];
    if (interval.since || interval.until) {
      // A time range needs a time column: without one the chart shows every row, and says so.
      if (query.granularity) {
        conditions.push(...intervalClauses(resolveColumn(query.granularity), interval));
        appliedFilters.push({ column: TIME_RANGE_FILTER_COLUMN });
      } else {
        rejectedFilters.push({ column: TIME_RANGE_FILTER_COLUMN, reason: 'no_temporal_column' });
      }
    }
    query.filters.forEach((filter, i) => {
      const clause = filterClause(filter, i);
      if (clause) conditions.push(clause);
    });
    if (query.extras.where?.trim()) conditions.push(fragment(query.extras.where, 'where'));
    if (query.apply_fetch_values_predicate && dataset.fetch_values_predicate) {
      conditions.push(fragment(dataset.fetch_values_predicate, 'where'));
    }
    for (const clause of options.rlsClauses ?? []) conditions.push(fragment(clause, 'where'));
    return conditions;
  };
  const hasMetrics = metricSqls.length > 0;
  // Columns without metrics still group (distinct combinations) when the request named metrics, even none.
  const groupBy = hasMetrics || query.groups_columns ? selected.slice(0, selected.length - metricSqls.length) : [];

  // Series limit: keep the top-N series by the series-limit metric, computed under the same filters.
  let join = '';
  const seriesColumns = (query.series_columns ?? query.columns.filter((c) => !(typeof c === 'object' && c.columnType === 'BASE_AXIS')))
    .map(resolveColumn)
    .filter((c) => !c.isTemporal || query.series_columns);
  if (query.series_limit > 0 && hasMetrics && seriesColumns.length) {
    const limitMetric = query.series_limit_metric ? metricSql(query.series_limit_metric) : metricSqls[0];
    const inner = seriesColumns.map((c, i) => `${c.sql} AS ${q(`__series_${i}`)}`).join(', ');
    const innerWhere = whereConditions();
    const innerSql =
      `SELECT ${inner} FROM ${source}` +
      (innerWhere.length ? ` WHERE ${innerWhere.join(' AND ')}` : '') +
      ` GROUP BY ${seriesColumns.map((c) => c.sql).join(', ')}` +
      ` ORDER BY ${limitMetric} ${query.order_desc ? 'DESC' : 'ASC'}` +
      spec.limitClause(query.series_limit, null);
    join = ` INNER JOIN (${innerSql}) AS ${q('series_limit')} ON ${seriesColumns.map((c, i) => `${c.sql} = ${q('series_limit')}.${q(`__series_${i}`)}`).join(' AND ')}`;
    // Reset bookkeeping: the outer WHERE reports the same filters once.
    appliedFilters.length = 0;
    rejectedFilters.length = 0;
  }
  const where = whereConditions();

  const orderBy: string[] = [];
  for (const [target, ascending] of query.orderby) {
    const direction = ascending ? 'ASC' : 'DESC';
    if (typeof target === 'string') {
      if (metricsByName.has(target)) orderBy.push(`${metricSql(target)} ${direction}`);
      else if (metricLabels.includes(target)) orderBy.push(`${metricSqls[metricLabels.indexOf(target)]} ${direction}`);
      else orderBy.push(`${resolveColumn(target).sql} ${direction}`);
    } else if ('expressionType' in target && (target.expressionType === 'SIMPLE' || 'aggregate' in target)) {
      orderBy.push(`${metricSql(target as QueryMetric)} ${direction}`);
    } else {
      orderBy.push(`${resolveColumn(target as QueryColumn).sql} ${direction}`);
    }
  }
  if (!orderBy.length && hasMetrics) {
    // Aggregates without an ordering: along the time axis, else by the first metric. Raw rows (no metrics)
    // keep the order the database returns them in, as the incumbent's query has no ORDER BY then: a raw
    // table of the top rows of a ranked table lists them in the table's order, not by some date column.
    const temporalAxis = selected.find((s) => s.temporal && !metricLabels.includes(s.label));
    if (temporalAxis) orderBy.push(`${temporalAxis.sql} ASC`);
    else orderBy.push(`${metricSqls[0]} ${query.order_desc ? 'DESC' : 'ASC'}`);
  }

  const requested = query.row_limit && query.row_limit > 0 ? query.row_limit : options.maxRowLimit;
  const rowLimit = Math.min(requested, options.maxRowLimit);
  const having = query.extras.having?.trim() ? ` HAVING ${fragment(query.extras.having, 'having')}` : '';
  if (having && !hasMetrics) throw badRequest('extras.having needs at least one metric');
  const sql =
    `SELECT ${selected.map((s) => `${s.sql} AS ${q(s.label)}`).join(', ')}` +
    ` FROM ${source}${join}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (groupBy.length ? ` GROUP BY ${groupBy.map((s) => s.sql).join(', ')}` : '') +
    having +
    (orderBy.length ? ` ORDER BY ${orderBy.join(', ')}` : '') +
    spec.limitClause(rowLimit, query.row_offset || null);

  return {
    sql,
    params,
    labels,
    columnLabels: selected.slice(0, selected.length - metricSqls.length).map((s) => s.label),
    metricLabels,
    temporalLabels: selected.filter((s) => s.temporal).map((s) => s.label),
    rowLimit,
    interval,
    appliedFilters,
    rejectedFilters,
  };
}
