/** Query of the tree chart: the id, parent and name columns with the metric. */
import { buildQueryContext, extractQueryFields, QUERY_FIELD_ALIASES, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The tree's own column controls, queried as columns (the incumbent's queryFields for tree_chart). */
const TREE_FIELDS = { ...QUERY_FIELD_ALIASES, id: 'columns', parent: 'columns', name: 'columns' } as const;

/**
 * The incumbent's tree_chart query: id, parent and name in form-data order, the metric.
 *
 * @example
 * buildTreeQuery({ datasource: '8__table', viz_type: 'tree_chart', id: 'id', parent: 'parent', name: 'name', metric: 'count' })
 *   .queries[0].columns; // ['id', 'parent', 'name']
 */
export function buildTreeQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'id', 'Id');
  requireControl(formData, 'parent', 'Parent');
  requireControl(formData, 'metric', 'Metric');
  const { columns, metrics } = extractQueryFields(formData, TREE_FIELDS);
  return buildQueryContext(formData, (base) => [{ ...base, columns, metrics }]);
}
