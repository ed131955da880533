/** Query of the sunburst: the hierarchy's columns, the metric and the optional secondary metric. */
import { buildQueryContext, type QueryContext, type QueryFormData, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';
import { hierarchyColumns } from '../hierarchy-common/tree';

/**
 * The hierarchy is the `columns` control (saved charts of older versions may have `groupby`); rows are
 * ordered by the metric, descending, when sort_by_metric. Missing metric or hierarchy raise the error
 * shown in the chart's panel.
 *
 * @example
 * buildSunburstQuery({ datasource: '22__table', viz_type: 'sunburst_v2', columns: ['year', 'product_line'], metric: 'count' })
 *   .queries[0].columns; // ['year', 'product_line']
 */
export function buildSunburstQuery(formData: QueryFormData): QueryContext {
  const columns = hierarchyColumns(formData, 'columns');
  requireControl({ columns }, 'columns', 'Hierarchy');
  requireControl(formData, 'metric', 'Metric');
  // Older saved charts name the hierarchy `groupby`: query it as the columns.
  const fd = formData.columns === undefined || formData.columns === null ? { ...formData, columns, groupby: undefined } : formData;
  return buildQueryContext(fd, (base) => [
    { ...base, ...(formData.sort_by_metric && formData.metric ? { orderby: [[formData.metric as QueryFormOrderBy[0], false] as QueryFormOrderBy] } : {}) },
  ]);
}
