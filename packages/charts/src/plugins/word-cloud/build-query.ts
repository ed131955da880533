/** Query of the word cloud: series + metric, ordered by the metric when sort_by_metric. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * `series` is a groupby alias, so the base query already groups by it.
 *
 * @example
 * buildWordCloudQuery({ datasource: '22__table', viz_type: 'word_cloud', series: 'customer_name', metric: 'count', row_limit: 100 })
 *   .queries[0].columns; // ['customer_name']
 */
export function buildWordCloudQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'series', 'Dimension');
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, ...(formData.sort_by_metric && formData.metric ? { orderby: [[formData.metric, false]] } : {}) },
  ]);
}
