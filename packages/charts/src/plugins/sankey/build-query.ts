/** Query of the Sankey diagram: the metric grouped by the source and the target column. */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's sankey_v2 query: columns [source, target], the metric, ordered by the metric
 * (descending) when sort_by_metric is set.
 *
 * @example
 * buildSankeyQuery({ datasource: '22__table', viz_type: 'sankey_v2', source: 'product_line', target: 'deal_size', metric: 'count' })
 *   .queries[0].columns; // ['product_line', 'deal_size']
 */
export function buildSankeyQuery(formData: QueryFormData): QueryContext {
  const source = requireControl<QueryFormColumn>(formData, 'source', 'Source');
  const target = requireControl<QueryFormColumn>(formData, 'target', 'Target');
  const metric = requireControl<QueryFormMetric>(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, columns: [source, target], ...(formData.sort_by_metric ? { orderby: [[metric, false]] } : {}) },
  ]);
}
