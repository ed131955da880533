/** Query of the radar: the metrics per group, ordered by the sort-by metric or the first metric. */
import { buildQueryContext, type QueryContext, type QueryFormData, type QueryFormMetric, type QueryObject } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's radar query: the base query ordered by series_limit_metric, else by the first metric,
 * descending (whatever order_desc says).
 *
 * @example
 * buildRadarQuery({ datasource: '22__table', viz_type: 'radar', groupby: ['product_line'], metrics: ['count'] }).queries[0].orderby;
 * // [['count', false]]
 */
export function buildRadarQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  const sortBy = (Array.isArray(formData.series_limit_metric) ? formData.series_limit_metric[0] : formData.series_limit_metric) as QueryFormMetric | undefined;
  return buildQueryContext(formData, (base): QueryObject[] => {
    const first = base.metrics?.[0];
    const by = sortBy ?? first;
    return [{ ...base, ...(by ? { orderby: [[by, false]] } : {}) }];
  });
}
