/**
 * Drill to detail's requests: a chart's query (its form data with the dashboard's data masks merged, as the
 * chart itself queries) reduced to what selects rows — filters, custom WHERE, time range and time column —
 * asked page by page from the incumbent's samples endpoint, and downloaded whole as CSV through chart data.
 */
import { CHART_DATA_ENDPOINT, chartDataQueryParams, parseDatasourceKey, type ApiClient, type QueryContext, type QueryObject, type QueryObjectFilterClause } from '@lumen-bi/core';

/** Rows per page of the drill-to-detail table. */
export const DRILL_DETAIL_PAGE_SIZE = 50;
/** The server's cap on one drill-to-detail answer (run-query-context's drill_detail row limit). */
export const DRILL_DETAIL_MAX_ROWS = 10_000;

/** The body of POST /datasource/samples: the parts of a query object that decide which rows it reads. */
export interface DrillDetailFilters {
  filters: QueryObjectFilterClause[];
  extras: { where?: string };
  time_range?: string;
  granularity?: string;
}

/** What drilling into one chart needs: its dataset, the chart (a guest's drill is checked against it), its filters. */
export interface DrillDetailTarget {
  datasetId: number;
  sliceId?: number;
  dashboardId?: number;
  filters: DrillDetailFilters;
}

/** One page of rows in the incumbent's samples shape. */
export interface DrillDetailPage {
  data: Record<string, unknown>[];
  colnames: string[];
  coltypes: number[];
  page: number;
  per_page: number;
  total_count: number;
}

/**
 * The row-selecting parts of a chart's first query; `extraFilters` (a clicked data point's) are added.
 *
 * @example
 * drillDetailFilters({ queries: [{ filters: [{ col: 'region', op: 'IN', val: ['East'] }], metrics: ['count'], extras: { where: 'qty > 1', having: 'count > 2' } }] });
 * // { filters: [{ col: 'region', op: 'IN', val: ['East'] }], extras: { where: 'qty > 1' } }
 */
export function drillDetailFilters(context: Pick<QueryContext, 'queries'>, extraFilters: QueryObjectFilterClause[] = []): DrillDetailFilters {
  const query: QueryObject = context.queries[0] ?? {};
  // HAVING and metrics do not apply to rows: drill to detail lists the rows behind the chart, not its groups.
  const where = query.extras?.where?.trim();
  return {
    filters: [...(query.filters ?? []), ...extraFilters],
    extras: where ? { where } : {},
    ...(query.time_range ? { time_range: query.time_range } : {}),
    ...(query.granularity ? { granularity: query.granularity } : {}),
  };
}

/**
 * The filter of a clicked data point: its column equal to its value (IS NULL for the null member).
 *
 * @example
 * drillPointFilter({ column: 'region', value: 'East' }); // { col: 'region', op: '==', val: 'East' }
 */
export function drillPointFilter(point: { column: string; value: unknown }): QueryObjectFilterClause {
  if (point.value === null || point.value === undefined) return { col: point.column, op: 'IS NULL' };
  return { col: point.column, op: '==', val: point.value as QueryObjectFilterClause['val'] };
}

/** The dataset id of a form data's `datasource` ('7__table'), or null for anything but a table. */
export function drillDatasetId(datasource: unknown): number | null {
  if (typeof datasource !== 'string') return null;
  try {
    const key = parseDatasourceKey(datasource);
    return key.type === 'table' ? key.id : null;
  } catch {
    return null;
  }
}

/** Page `page` (from 1) of the target's rows; rejects with the server's error as the API client reports it. */
export async function fetchDrillDetailPage(api: ApiClient, target: DrillDetailTarget, page: number, signal?: AbortSignal): Promise<DrillDetailPage> {
  const query: Record<string, string | number> = { datasource_type: 'table', datasource_id: target.datasetId, per_page: DRILL_DETAIL_PAGE_SIZE, page };
  if (target.sliceId) query.slice_id = target.sliceId;
  const { json } = await api.post<{ result: DrillDetailPage }>('/datasource/samples', target.filters, { query, signal });
  return json.result;
}

/** Every row the target's filters select (up to the server's cap) as CSV text, through chart data. */
export async function fetchDrillDetailCsv(api: ApiClient, target: DrillDetailTarget): Promise<string> {
  const body = {
    datasource: { id: target.datasetId, type: 'table' },
    queries: [{ ...target.filters, row_limit: DRILL_DETAIL_MAX_ROWS }],
    form_data: target.sliceId ? { slice_id: target.sliceId } : {},
    result_type: 'drill_detail',
    result_format: 'csv',
  };
  const { json } = await api.post<unknown>(CHART_DATA_ENDPOINT, body, { query: chartDataQueryParams(target.sliceId, target.dashboardId), headers: { Accept: 'text/csv, application/json' } });
  return typeof json === 'string' ? json : JSON.stringify(json);
}
