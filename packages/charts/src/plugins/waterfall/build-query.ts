/** Query of the waterfall: the metric per x value (and breakdown), in x order. */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import { normalizeTimeColumn } from '../../shared/post-processing';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's waterfall query: columns [x axis (or the legacy time column), breakdown], each ordered
 * ascending, the x axis truncated to the time grain.
 *
 * @example
 * buildWaterfallQuery({ datasource: '22__table', viz_type: 'waterfall', x_axis: 'order_date', time_grain_sqla: 'P3M', metric: 'count' })
 *   .queries[0].orderby; // [['order_date', true]]
 */
export function buildWaterfallQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  const xAxis = (formData.x_axis ?? formData.granularity_sqla) as QueryFormColumn | undefined;
  if (!xAxis) requireControl(formData, 'x_axis', 'X-axis');
  const breakdown = asArray(formData.groupby as QueryFormColumn | QueryFormColumn[] | undefined);
  const columns = [xAxis as QueryFormColumn, ...breakdown];
  return buildQueryContext(formData, (base) => [
    normalizeTimeColumn(formData, { ...base, columns, orderby: columns.map((column) => [column, true]) }),
  ]);
}

function asArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
