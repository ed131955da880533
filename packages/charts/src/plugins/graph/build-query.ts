/** Query of the graph chart: the metric grouped by source, target and their optional categories. */
import { buildQueryContext, extractQueryFields, QUERY_FIELD_ALIASES, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The graph's own column controls, queried as columns (the incumbent's queryFields for graph_chart). */
const GRAPH_FIELDS = { ...QUERY_FIELD_ALIASES, source: 'columns', target: 'columns', source_category: 'columns', target_category: 'columns' } as const;

/**
 * The incumbent's graph_chart query: its column controls in form-data order, the metric.
 *
 * @example
 * buildGraphQuery({ datasource: '22__table', viz_type: 'graph_chart', source: 'deal_size', target: 'product_line', metric: 'count' })
 *   .queries[0].columns; // ['deal_size', 'product_line']
 */
export function buildGraphQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'source', 'Source');
  requireControl(formData, 'target', 'Target');
  requireControl(formData, 'metric', 'Metric');
  const { columns, metrics } = extractQueryFields(formData, GRAPH_FIELDS);
  return buildQueryContext(formData, (base) => [{ ...base, columns, metrics }]);
}
