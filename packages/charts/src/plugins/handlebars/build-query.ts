/** The handlebars chart's query. */
import { applyDefaultOrderBy, buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';

/**
 * The incumbent's handlebars query: the table's fields (aggregate: groupby and metrics; raw: columns and
 * their ordering) with the default ordering by the sort metric or the first metric.
 *
 * @example
 * buildHandlebarsQuery({ datasource: '1__table', viz_type: 'handlebars', groupby: ['name'], metrics: ['count'] })
 *   .queries[0].orderby; // [['count', false]]
 */
export function buildHandlebarsQuery(formData: QueryFormData): QueryContext {
  return buildQueryContext(formData, (base) => [applyDefaultOrderBy(base)]);
}
