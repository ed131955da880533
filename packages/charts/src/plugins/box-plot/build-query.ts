/**
 * Query of the box plot: metrics aggregated per (distribute-across columns + groupby), then the
 * server's `boxplot` post-processing summarises each groupby group over the distribution.
 */
import {
  buildQueryContext,
  getColumnLabel,
  getMetricLabel,
  type AdhocColumn,
  type PostProcessingRule,
  type QueryContext,
  type QueryFormColumn,
  type QueryFormData,
  type QueryFormMetric,
} from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

const PERCENTILE = /(\d+)\/(\d+) percentiles/;

/**
 * The `boxplot` rule for a whisker option ('Tukey', 'Min/max (no outliers)', '2/98 percentiles', ...).
 *
 * @example
 * boxplotOperator({ ..., groupby: ['product_line'], whiskerOptions: '9/91 percentiles' }, ['count']);
 * // { operation: 'boxplot', options: { whisker_type: 'percentile', percentiles: [9, 91], groupby: ['product_line'], metrics: ['count'] } }
 */
export function boxplotOperator(formData: QueryFormData, metrics: readonly QueryFormMetric[]): PostProcessingRule | undefined {
  const option = formData.whiskerOptions as string | undefined;
  if (!option) return undefined;
  const match = PERCENTILE.exec(option);
  let whisker_type: string;
  let percentiles: [number, number] | undefined;
  if (option === 'Tukey') whisker_type = 'tukey';
  else if (option === 'Min/max (no outliers)') whisker_type = 'min/max';
  else if (match) {
    whisker_type = 'percentile';
    percentiles = [Number.parseInt(match[1], 10), Number.parseInt(match[2], 10)];
  } else throw new Error(`Unsupported whisker type: ${option}`);
  return {
    operation: 'boxplot',
    options: {
      whisker_type,
      ...(percentiles ? { percentiles } : {}),
      groupby: ((formData.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel),
      metrics: metrics.map(getMetricLabel),
    },
  };
}

/**
 * The incumbent's box_plot query: columns = distribute-across columns then groupby (temporal ones
 * truncated to the time grain), series_columns = groupby, and the boxplot rule.
 *
 * @example
 * buildBoxPlotQuery({ datasource: '22__table', viz_type: 'box_plot', columns: ['order_date'], groupby: ['product_line'],
 *   metrics: ['count'], whiskerOptions: 'Tukey', time_grain_sqla: 'P1D', temporal_columns_lookup: { order_date: true } }).queries[0].columns;
 * // [{ timeGrain: 'P1D', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }, 'product_line']
 */
export function buildBoxPlotQuery(formData: QueryFormData): QueryContext {
  // Not 'Distribute across': the example bundle's FCC Degrees vs Income saves it empty and draws on a dashboard.
  requireControl(formData, 'metrics', 'Metrics');
  const distribute = (formData.columns ?? []) as QueryFormColumn[];
  const groupby = (formData.groupby ?? []) as QueryFormColumn[];
  const temporal = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const grain = formData.time_grain_sqla;
  // Without distribution columns the legacy time column distributes the values.
  const legacy = !distribute.length && formData.granularity_sqla ? [formData.granularity_sqla] : [];
  const columns = [...legacy, ...distribute, ...groupby].map((col): QueryFormColumn => {
    if (typeof col === 'string' && grain && (temporal[col] || formData.granularity_sqla === col)) {
      return { timeGrain: grain, columnType: 'BASE_AXIS', sqlExpression: col, label: col, expressionType: 'SQL' } as AdhocColumn;
    }
    return col;
  });
  return buildQueryContext(formData, (base) => [
    { ...base, columns, series_columns: groupby, post_processing: [boxplotOperator(formData, base.metrics ?? []) ?? null].filter((r) => r !== null) },
  ]);
}
