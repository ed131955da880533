/** Query of the table: aggregate (groupby + metrics, percent metrics) or raw (columns), pagination, totals. */
import {
  applyDefaultOrderBy,
  buildQueryContext,
  getMetricLabel,
  type PostProcessingRule,
  type QueryContext,
  type QueryFormColumn,
  type QueryFormData,
  type QueryFormMetric,
  type QueryObject,
} from '@lumen-bi/core';
import { requireTableFields } from './required-fields';
import type { TableFormData } from './types';

/**
 * Builds the table's chart-data request: the rows query, then (server pagination) a row-count query,
 * then (show_totals, aggregate mode) a totals query without columns.
 *
 * @example
 * buildTableQuery({ datasource: '1__table', viz_type: 'table', query_mode: 'raw', all_columns: ['a'], row_limit: 100 });
 */
export function buildTableQuery(formData: QueryFormData, ownState: { currentPage?: number; pageSize?: number } = {}): QueryContext {
  const fd = formData as TableFormData;
  const raw = fd.query_mode === 'raw';
  // Raw mode needs its columns; an aggregate table with nothing to query is left to Explore, which
  // reads a query without columns or metrics as 'add a value to at least one of ...' (not an error).
  if (raw) requireTableFields(fd);
  return buildQueryContext(formData, (base) => {
    let query: QueryObject = { ...base };
    const percentMetrics = ((fd.percent_metrics ?? []) as QueryFormMetric[]).map(getMetricLabel);
    const postProcessing: PostProcessingRule[] = [];
    if (!raw) {
      // Explicit columns per mode: form data keeps both groupby and all_columns so users can switch modes.
      query = { ...query, columns: (fd.groupby ?? []) as QueryFormColumn[] };
      query = { ...query, orderby: applyDefaultOrderBy(query).orderby ?? [] };
      if (percentMetrics.length) {
        postProcessing.push({
          operation: 'contribution',
          options: { columns: percentMetrics, rename_columns: percentMetrics.map((m) => `%${m}`) },
        });
      }
    } else {
      query = { ...query, columns: (fd.all_columns ?? []) as QueryFormColumn[], metrics: undefined, orderby: query.orderby ?? [] };
      delete query.metrics;
    }
    query.post_processing = postProcessing;
    const queries: QueryObject[] = [];
    if (fd.server_pagination) {
      const pageSize = ownState.pageSize ?? fd.server_page_length ?? 10;
      const page = ownState.currentPage ?? 0;
      queries.push({ ...query, row_limit: pageSize, row_offset: page * pageSize });
      queries.push({ ...query, is_rowcount: true, row_limit: 0, row_offset: 0, post_processing: [], orderby: [] });
    } else {
      queries.push(query);
    }
    if (fd.show_totals && !raw) {
      const { orderby: _o, order_desc: _d, ...rest } = query;
      queries.push({ ...rest, columns: [], row_limit: 0, row_offset: 0, post_processing: [] });
    }
    return queries;
  });
}
