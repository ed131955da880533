/** Query of the heatmap: x_axis + y (groupby) + metric, ordered by the axes for alphabetical sorts. */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

const asArray = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The incumbent's heatmap_v2 query, minus its `rank` post-processing: this server has no `rank`
 * operation, so transformProps computes the same percentile ranks client side. Value sorts are not
 * sent as SQL order (they would bias row-limit truncation); transformProps sorts by per-axis sums.
 *
 * @example
 * buildHeatmapQuery({ datasource: '22__table', viz_type: 'heatmap_v2', x_axis: 'product_line', groupby: 'deal_size', metric: 'count',
 *   sort_x_axis: 'alpha_asc', sort_y_axis: 'value_desc' }).queries[0].orderby; // [['product_line', true]]
 */
export function buildHeatmapQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'x_axis', 'X-axis');
  requireControl(formData, 'groupby', 'Y-axis');
  requireControl(formData, 'metric', 'Metric');
  const columns = [...asArray(formData.x_axis), ...asArray(formData.groupby as QueryFormColumn | QueryFormColumn[] | null)];
  const orderby: QueryFormOrderBy[] = [];
  const sx = typeof formData.sort_x_axis === 'string' ? formData.sort_x_axis : '';
  const sy = typeof formData.sort_y_axis === 'string' ? formData.sort_y_axis : '';
  if (sx && !sx.includes('value') && columns[0] !== undefined) orderby.push([columns[0], sx.includes('asc')]);
  if (sy && !sy.includes('value') && columns[1] !== undefined) orderby.push([columns[1], sy.includes('asc')]);
  return buildQueryContext(formData, (base) => [{ ...base, columns, orderby }]);
}
