/** Query of the pie: groupby + one metric, ordered by the metric when sort_by_metric. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * @example
 * buildPieQuery({ datasource: '1__table', viz_type: 'pie', groupby: ['g'], metric: 'count', sort_by_metric: true })
 *   .queries[0].orderby; // [['count', false]]
 */
export function buildPieQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, ...(formData.sort_by_metric && formData.metric ? { orderby: [[formData.metric, false]] } : {}) },
  ]);
}
