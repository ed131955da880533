/**
 * The save-chart flow (spec 3 §7/§8): optional new dashboards, then PUT (overwrite) or POST (save as new)
 * of the chart with params and query_context built from the form data as saved, then the success toasts.
 */
import type { ChartPlugin } from '@lumen-bi/charts';
import { getChartFormDataForSave, parseDatasourceKey, type ApiClient, type QueryFormData } from '@lumen-bi/core';

/** The modal alert of a failed save (spec 3 §8). */
export const SAVE_FAILED_MESSAGE = 'Failed to save slice';

/** What the user chose in the save modal. */
export interface SaveChartRequest {
  action: 'overwrite' | 'saveas';
  sliceName: string;
  /** Existing dashboard ids, and names of dashboards to create. */
  dashboards: Array<number | string>;
  /** Titles of the existing dashboards, for toasts. */
  dashboardTitles: Record<number, string>;
  /** The chart being overwritten (required for overwrite). */
  sliceId?: number | null;
  owners?: number[];
  /** Dashboards the chart was on before, so toasts only announce new additions. */
  previousDashboards?: number[];
}

/** Outcome of a save. */
export interface SaveChartResult {
  sliceId: number;
  formData: QueryFormData;
  dashboards: number[];
  /** Success toasts, in the spec's words. */
  messages: string[];
}

const fill = (template: string, ...values: string[]) => values.reduce((text, value) => text.replace('%s', value), template);

/**
 * Saves a chart.
 *
 * @example
 * await saveChart(client, plugin, formData, { action: 'saveas', sliceName: 'Births', dashboards: ['New board'], dashboardTitles: {} });
 * // { sliceId: 12, messages: ['Chart [Births] has been saved', 'Dashboard [New board] just got created and chart [Births] was added to it'] }
 */
export async function saveChart(client: ApiClient, plugin: ChartPlugin, formData: QueryFormData, request: SaveChartRequest): Promise<SaveChartResult> {
  const sliceName = request.sliceName.trim();
  const messages: string[] = [];
  const dashboardIds: number[] = [];
  const created: string[] = [];
  for (const entry of request.dashboards) {
    if (typeof entry === 'number') {
      dashboardIds.push(entry);
      continue;
    }
    const { json } = await client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: entry });
    dashboardIds.push(json.id);
    created.push(entry);
  }

  const overwrite = request.action === 'overwrite' && request.sliceId;
  const saved = getChartFormDataForSave({ ...formData, slice_id: overwrite ? (request.sliceId as number) : undefined });
  if (!overwrite) delete saved.slice_id;
  const datasource = parseDatasourceKey(saved.datasource);
  const body: Record<string, unknown> = {
    params: JSON.stringify(saved),
    slice_name: sliceName,
    viz_type: saved.viz_type,
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    dashboards: dashboardIds,
    query_context: JSON.stringify(plugin.buildQuery(saved)),
  };
  let sliceId: number;
  if (overwrite) {
    body.owners = request.owners ?? [];
    await client.put(`/api/v1/chart/${request.sliceId}`, body);
    sliceId = request.sliceId as number;
    messages.push(fill('Chart [%s] has been overwritten', sliceName));
  } else {
    const { json } = await client.post<{ id: number }>('/api/v1/chart/', body);
    sliceId = json.id;
    messages.push(fill('Chart [%s] has been saved', sliceName));
  }
  for (const title of created) messages.push(fill('Dashboard [%s] just got created and chart [%s] was added to it', title, sliceName));
  const before = new Set(overwrite ? (request.previousDashboards ?? []) : []);
  for (const id of dashboardIds) {
    if (before.has(id) || !(id in request.dashboardTitles)) continue;
    messages.push(fill('Chart [%s] was added to dashboard [%s]', sliceName, request.dashboardTitles[id]));
  }
  return { sliceId, formData: { ...saved, slice_id: sliceId }, dashboards: dashboardIds, messages };
}

/**
 * Dashboards a chart is on (GET /api/v1/chart/{id} with select_columns dashboards.id).
 *
 * @example
 * await chartDashboards(client, 12); // [3, 5]
 */
export async function chartDashboards(client: ApiClient, sliceId: number): Promise<number[]> {
  const { json } = await client.get<{ result: { dashboards?: { id: number }[] } }>(`/api/v1/chart/${sliceId}`, { rison: { select_columns: ['dashboards.id'] } });
  return (json.result.dashboards ?? []).map((d) => d.id);
}

/** Dashboards the user may add the chart to, for the modal's select. */
export async function listDashboards(client: ApiClient, search = ''): Promise<{ id: number; dashboard_title: string }[]> {
  const q: Record<string, unknown> = { columns: ['id', 'dashboard_title'], order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 };
  if (search) q.filters = [{ col: 'dashboard_title', opr: 'ct', value: search }];
  const { json } = await client.get<{ result: { id: number; dashboard_title: string }[] }>('/api/v1/dashboard/', { rison: q });
  return json.result ?? [];
}
