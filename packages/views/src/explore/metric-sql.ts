import { AGGREGATES, getMetricLabel, type AdhocMetric, type Aggregate, type MetricColumn, type QueryFormMetric } from '@lumen-bi/core';

/** Validation message of a custom SQL metric (spec 3 §5). */
export const METRIC_SQL_MESSAGE = 'Metric SQL strings must match an aggregate pattern like SUM(col)';

// A function call somewhere in the expression: SUM(x), COUNT(*), SUM(a) / COUNT(b), PERCENTILE_CONT(0.5) ...
const AGGREGATE_PATTERN = /[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*(\([^()]*\)[^()]*)*\)/;

/**
 * Whether a custom SQL metric looks like an aggregate: a bare column would make the query group by
 * nothing and fail on the server with a message users rarely understand.
 *
 * @example
 * isAggregateSql('SUM(num)');  // true
 * isAggregateSql('num');       // false
 */
export function isAggregateSql(sql: string): boolean {
  return AGGREGATE_PATTERN.test(sql.trim());
}

/**
 * The error of one metric value, or null.
 *
 * @example
 * metricError({ expressionType: 'SQL', sqlExpression: 'num' }); // METRIC_SQL_MESSAGE
 */
export function metricError(metric: QueryFormMetric): string | null {
  if (typeof metric === 'string') return null;
  if (metric.expressionType === 'SQL') return isAggregateSql(metric.sqlExpression ?? '') ? null : METRIC_SQL_MESSAGE;
  if (!metric.column?.column_name) return 'cannot be empty';
  return (AGGREGATES as readonly string[]).includes(metric.aggregate) ? null : `Unknown aggregate: ${String(metric.aggregate)}`;
}

/**
 * Builds a simple adhoc metric with the incumbent's default label, e.g. `SUM(num)`.
 *
 * @example
 * simpleMetric('SUM', { column_name: 'num' }).label; // 'SUM(num)'
 */
export function simpleMetric(aggregate: Aggregate, column: MetricColumn): AdhocMetric {
  return { expressionType: 'SIMPLE', aggregate, column, label: `${aggregate}(${column.column_name})`, hasCustomLabel: false, optionName: optionName() };
}

/** A custom SQL adhoc metric labelled by its expression (or the label given). */
export function sqlMetric(sqlExpression: string, label?: string): AdhocMetric {
  const text = sqlExpression.trim();
  return { expressionType: 'SQL', sqlExpression: text, label: label?.trim() || text, hasCustomLabel: Boolean(label?.trim()), optionName: optionName() };
}

let counter = 0;
// optionName keeps two identical adhoc metrics apart in lists, as the incumbent's editor does.
const optionName = () => `metric_${Date.now().toString(36)}_${(counter += 1)}`;

/** The label a metric shows. */
export const metricLabel = (metric: QueryFormMetric): string => getMetricLabel(metric);
