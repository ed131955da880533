/** Query of the funnel: groupby + metric, ordered by the metric (descending) when sort_by_metric. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * Same query as the incumbent's funnel plugin (the base query object, plus orderby when sorting).
 *
 * @example
 * buildFunnelQuery({ datasource: '22__table', viz_type: 'funnel', groupby: ['status'], metric: 'count', sort_by_metric: true })
 *   .queries[0].orderby; // [['count', false]]
 */
export function buildFunnelQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, ...(formData.sort_by_metric && formData.metric ? { orderby: [[formData.metric, false]] } : {}) },
  ]);
}
