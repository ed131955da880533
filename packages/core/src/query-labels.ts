/** Labels of metrics and columns: how a query's result columns are named and how duplicates are detected. */
import type { AdhocColumn, AdhocMetric, QueryFormColumn, QueryFormMetric } from './form-data-types';

/** Whether a metric is adhoc (not a saved metric's name). */
export function isAdhocMetric(metric: unknown): metric is AdhocMetric {
  return typeof metric === 'object' && metric !== null && 'expressionType' in metric;
}

/** Whether a column is adhoc (not a physical column's name). */
export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return typeof column === 'object' && column !== null && 'sqlExpression' in column && 'label' in column;
}

/**
 * The result-column label of a metric, as the server names it.
 *
 * @example
 * getMetricLabel('count'); // 'count'
 * getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } }); // 'SUM(num)'
 */
export function getMetricLabel(metric: QueryFormMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') return `${metric.aggregate}(${metric.column.column_name})`;
  return metric.sqlExpression;
}

/**
 * The result-column label of a column.
 *
 * @example
 * getColumnLabel({ sqlExpression: 'upper(name)', label: 'Name' }); // 'Name'
 */
export function getColumnLabel(column: QueryFormColumn): string {
  if (typeof column === 'string') return column;
  return column.label || column.sqlExpression;
}
