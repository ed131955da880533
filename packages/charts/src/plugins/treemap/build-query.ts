/** Query of the treemap: the hierarchy's columns and one metric; the incumbent's ordering. */
import { buildQueryContext, type QueryContext, type QueryFormData, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';
import { hierarchyColumns } from '../hierarchy-common/tree';

/**
 * With a row limit, rows are ordered so the limit keeps what the chart shows first: by the metric
 * (descending) when sort_by_metric, then by each level's column; without one, in the database's order.
 * Form data without a metric raises the error shown in the chart's panel.
 *
 * @example
 * buildTreemapQuery({ datasource: '23__table', viz_type: 'treemap_v2', groupby: ['year', 'product_line'], metric: 'count', row_limit: 10000 })
 *   .queries[0].orderby; // [['year', true], ['product_line', true]]
 */
export function buildTreemapQuery(formData: QueryFormData): QueryContext {
  const groupby = hierarchyColumns(formData, 'groupby');
  requireControl(formData, 'metric', 'Metric');
  const limit = formData.row_limit;
  const orderby: QueryFormOrderBy[] = [];
  if (formData.sort_by_metric && formData.metric) orderby.push([formData.metric as QueryFormOrderBy[0], false]);
  for (const column of groupby) orderby.push([column as QueryFormOrderBy[0], true]);
  const apply = limit !== undefined && limit !== null && limit !== 0 && limit !== '' && orderby.length > 0;
  return buildQueryContext(formData, (base) => [{ ...base, ...(apply ? { orderby } : {}) }]);
}
