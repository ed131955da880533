/** Query of the pivot table: one aggregate query grouped by columns + rows; pivoting is client side. */
import { buildQueryContext, getColumnLabel, type AdhocColumn, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

const asArray = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The incumbent's pivot_table_v2 query: columns = groupbyColumns then groupbyRows (deduplicated,
 * temporal ones truncated to the time grain), ordered by series_limit_metric or the first metric.
 *
 * @example
 * buildPivotTableQuery({ datasource: '22__table', viz_type: 'pivot_table_v2', groupbyColumns: ['product_line'],
 *   groupbyRows: ['country', 'city'], metrics: ['count'], order_desc: true }).queries[0];
 * // { columns: ['product_line', 'country', 'city'], metrics: ['count'], orderby: [['count', false]], ... }
 */
export function buildPivotTableQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  const grain = formData.extra_form_data?.time_grain_sqla ?? formData.time_grain_sqla;
  const temporal = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const seen = new Set<string>();
  const columns = [...asArray(formData.groupbyColumns as QueryFormColumn[]), ...asArray(formData.groupbyRows as QueryFormColumn[])]
    .filter((c) => {
      const label = getColumnLabel(c);
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    })
    .map((col): QueryFormColumn => {
      if (typeof col === 'string' && grain && (temporal[col] || formData.granularity_sqla === col)) {
        return { timeGrain: grain, columnType: 'BASE_AXIS', sqlExpression: col, label: col, expressionType: 'SQL' } as AdhocColumn;
      }
      return col;
    });
  return buildQueryContext(formData, (base) => {
    let orderby: QueryFormOrderBy[] | undefined;
    if (base.series_limit_metric) orderby = [[base.series_limit_metric, !base.order_desc]];
    else if (base.metrics?.[0]) orderby = [[base.metrics[0], !base.order_desc]];
    const query = { ...base, columns, orderby };
    if (!orderby) delete query.orderby;
    return [query];
  });
}
