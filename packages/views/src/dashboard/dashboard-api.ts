/**
 * The dashboard's REST calls (spec 2 §7), each a thin function over the injected API client so the view
 * works with a session or a guest token and tests fake only fetch.
 */
import { migrateLegacyFormData, savedChartFormData, type ApiClient, type DataMaskStateWithId, type NativeFilterConfig } from '@lumen-bi/core';
import type { CurrentUser } from '../session/current-user';
import type { DashboardChart, DashboardInfo } from './dashboard-types';

export async function fetchDashboard(api: ApiClient, idOrSlug: string | number): Promise<DashboardInfo> {
  const { json } = await api.get<{ result: DashboardInfo }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}`);
  return json.result;
}

export async function fetchDashboardCharts(api: ApiClient, idOrSlug: string | number): Promise<DashboardChart[]> {
  const { json } = await api.get<{ result: DashboardChart[] }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/charts`);
  // The server's form_data is the saved params with the record's datasource: the same legacy migration as Explore's.
  return json.result.map((c) => ({ ...c, form_data: migrateLegacyFormData({ ...c.form_data, slice_id: c.id }) }));
}

/** The signed-in user; null for guests or when /me is refused (the view then offers no editing). */
export async function fetchCurrentUser(api: ApiClient): Promise<CurrentUser | null> {
  try {
    const { json } = await api.get<{ result: CurrentUser }>('/api/v1/me/');
    return json.result;
  } catch {
    return null;
  }
}

export interface DashboardPutBody {
  dashboard_title?: string;
  slug?: string | null;
  css?: string;
  owners?: number[];
  roles?: number[];
  tags?: number[];
  certified_by?: string | null;
  certification_details?: string | null;
  json_metadata?: string;
  position_json?: string;
  published?: boolean;
}

export async function putDashboard(api: ApiClient, id: number, body: DashboardPutBody): Promise<{ result: Record<string, unknown>; last_modified_time?: number }> {
  const { json } = await api.put<{ result: Record<string, unknown>; last_modified_time?: number }>(`/api/v1/dashboard/${id}`, body);
  return json;
}

export interface FilterChanges {
  deleted: string[];
  modified: NativeFilterConfig[];
  reordered: string[];
}

export async function putFilters(api: ApiClient, id: number, changes: FilterChanges): Promise<NativeFilterConfig[]> {
  const { json } = await api.put<{ result: NativeFilterConfig[] }>(`/api/v1/dashboard/${id}/filters`, changes);
  return json.result;
}

export async function putColors(api: ApiClient, id: number, body: Record<string, unknown>): Promise<void> {
  await api.put(`/api/v1/dashboard/${id}/colors`, body, { query: { mark_updated: false } });
}

export interface PermalinkState {
  urlParams?: [string, string][];
  dataMask: DataMaskStateWithId;
  activeTabs: string[];
  anchor?: string;
}

export async function createDashboardPermalink(api: ApiClient, id: number, state: PermalinkState): Promise<string> {
  const { json } = await api.post<{ key: string; url: string }>(`/api/v1/dashboard/${id}/permalink`, state);
  return json.url;
}

/** GET /api/v1/dashboard/permalink/{key}: the dashboard id and the saved state. */
export async function fetchDashboardPermalink(api: ApiClient, key: string): Promise<{ dashboardId: string; state: PermalinkState }> {
  const { json } = await api.get<{ dashboardId: string | number; state: PermalinkState }>(`/api/v1/dashboard/permalink/${encodeURIComponent(key)}`);
  return { dashboardId: String(json.dashboardId), state: json.state };
}

export async function fetchFavoriteStatus(api: ApiClient, id: number): Promise<boolean> {
  const { json } = await api.get<{ result: { id: number; value: boolean }[] }>('/api/v1/dashboard/favorite_status/', { rison: [id] });
  return Boolean(json.result.find((r) => r.id === id)?.value);
}

export async function setFavorite(api: ApiClient, id: number, starred: boolean): Promise<void> {
  if (starred) await api.post(`/api/v1/dashboard/${id}/favorites/`);
  else await api.delete(`/api/v1/dashboard/${id}/favorites/`);
}

/** Saved charts for the builder pane, newest first, optionally searched by name. */
export async function searchCharts(api: ApiClient, text: string): Promise<{ id: number; slice_name: string; viz_type: string; datasource_name_text?: string }[]> {
  const filters = text ? [{ col: 'slice_name', opr: 'chart_all_text', value: text }] : [];
  const { json } = await api.get<{ result: { id: number; slice_name: string; viz_type: string }[] }>('/api/v1/chart/', {
    rison: { filters, order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 200, select_columns: ['id', 'slice_name', 'viz_type', 'datasource_name_text'] },
  });
  return json.result;
}

/** GET /api/v1/chart/{id}: a chart dropped from the builder pane, to learn its form data. */
export async function fetchChart(api: ApiClient, id: number): Promise<DashboardChart> {
  type ChartRecord = { id: number; slice_name: string; params?: string; form_data?: Record<string, unknown>; viz_type: string; datasource_id?: number; datasource_type?: string; owners?: DashboardChart['owners'] };
  const { json } = await api.get<{ result: ChartRecord }>(`/api/v1/chart/${id}`);
  const r = json.result;
  return { id: r.id, slice_name: r.slice_name, owners: r.owners, form_data: savedChartFormData({ ...r, params: r.form_data ?? r.params }) };
}

/**
 * GET /api/v1/dashboard/{id}/filter_state/{key}: the data mask stored under a `native_filters_key`.
 * The server keeps it as a JSON string; anything that is not an object of masks is refused here.
 */
export async function fetchFilterState(api: ApiClient, idOrSlug: string | number, key: string): Promise<DataMaskStateWithId> {
  const { json } = await api.get<{ value: string }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/filter_state/${encodeURIComponent(key)}`);
  const value = JSON.parse(json.value) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`Filter state ${key} does not hold a data mask`);
  return value as DataMaskStateWithId;
}

/** POST /api/v1/dashboard/{id}/filter_state: stores a data mask, answers its new key. */
export async function createFilterState(api: ApiClient, id: number, mask: DataMaskStateWithId): Promise<string> {
  const { json } = await api.post<{ key: string }>(`/api/v1/dashboard/${id}/filter_state`, { value: JSON.stringify(mask) });
  return json.key;
}

/** PUT /api/v1/dashboard/{id}/filter_state/{key}: replaces the data mask under a key the user created. */
export async function updateFilterState(api: ApiClient, id: number, key: string, mask: DataMaskStateWithId): Promise<string> {
  const { json } = await api.put<{ key: string }>(`/api/v1/dashboard/${id}/filter_state/${encodeURIComponent(key)}`, { value: JSON.stringify(mask) });
  return json.key;
}
