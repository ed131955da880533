/** Query of the time-series table: the metrics per time step (and group), the legacy time-series query. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';

/**
 * The incumbent's legacy time_table query: at least one metric, a single metric when grouping (each group
 * becomes a row of that metric), as a time series (`__timestamp`) at the time grain.
 *
 * @example
 * buildTimeTableQuery({ datasource: '1__table', viz_type: 'time_table', granularity_sqla: 'ds', metrics: ['count'] }).queries[0].is_timeseries; // true
 */
export function buildTimeTableQuery(formData: QueryFormData): QueryContext {
  validateTimeTableMetrics(formData);
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true }]);
}

/** The incumbent's own checks and messages (TimeTableViz.query_obj). */
export function validateTimeTableMetrics(formData: Partial<QueryFormData>): void {
  const metrics = Array.isArray(formData.metrics) ? formData.metrics : formData.metrics ? [formData.metrics] : [];
  if (!metrics.length) throw new Error('Pick at least one metric');
  const groupby = Array.isArray(formData.groupby) ? formData.groupby : [];
  if (groupby.length && metrics.length > 1) throw new Error("When using 'Group By' you are limited to use a single metric");
}
