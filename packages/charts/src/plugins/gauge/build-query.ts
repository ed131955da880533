/** Query of the gauge: groupby + metric (the incumbent sends the base query, ordered when sorting). */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * @example
 * buildGaugeQuery({ datasource: '22__table', viz_type: 'gauge_chart', groupby: ['deal_size'], metric: 'count', row_limit: 10 })
 *   .queries[0]; // { columns: ['deal_size'], metrics: ['count'], row_limit: 10, ... }
 */
export function buildGaugeQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, ...(formData.sort_by_metric && formData.metric ? { orderby: [[formData.metric, false]] } : {}) },
  ]);
}
