import { HOME_MAX_EDITED_ITEMS, RECENT_ITEMS_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import type { ApiFilter } from '../lists/list-types';

/** The home collections (spec 1 §2). */
export type HomeCollection = 'CHARTS' | 'DASHBOARDS' | 'RECENTS' | 'SAVED_QUERIES';
/** The activity tabs (spec 1 §2). */
export type ActivityTab = 'Favorite' | 'Mine' | 'Other' | 'Viewed' | 'Created' | 'Edited';

/** One item of a home table, whatever the resource. */
export interface ActivityItem {
  id: number;
  kind: 'chart' | 'dashboard' | 'saved_query';
  title: string;
  url: string;
  changed_on_delta_humanized?: string;
  changed_on_utc?: string;
  /** Viewed items only: when the user last viewed it, humanized by the server. */
  viewed_delta_humanized?: string;
}

type Resource = 'chart' | 'dashboard' | 'saved_query';

/** Which filter each tab applies for the signed-in user; Viewed reads the recent-activity endpoint instead. */
export function activityFilters(resource: Resource, tab: Exclude<ActivityTab, 'Viewed'>, userId: number): ApiFilter[] {
  switch (tab) {
    case 'Favorite':
      return resource === 'saved_query' ? [] : [{ col: 'id', opr: resource === 'chart' ? 'chart_is_favorite' : 'dashboard_is_favorite', value: true }];
    case 'Mine':
      return resource === 'saved_query' ? [{ col: 'created_by', opr: 'rel_o_m', value: userId }] : [{ col: 'owners', opr: 'rel_m_m', value: userId }];
    case 'Created':
      return [{ col: 'created_by', opr: 'rel_o_m', value: userId }];
    case 'Edited':
      return [{ col: 'changed_by', opr: 'rel_o_m', value: userId }];
    case 'Other':
      return [];
  }
}

const SELECT: Record<Resource, string[]> = {
  chart: ['id', 'slice_name', 'url', 'viz_type', 'changed_on_delta_humanized', 'changed_on_utc'],
  dashboard: ['id', 'dashboard_title', 'url', 'changed_on_delta_humanized', 'changed_on_utc'],
  saved_query: ['id', 'label', 'changed_on_delta_humanized', 'changed_on_utc'],
};

/**
 * The home page's request (spec 1 §7): order_column changed_on_delta_humanized, descending, page 0,
 * page_size 5, the tab's filters and select_columns.
 */
export function activityQuery(resource: Resource, filters: ApiFilter[]): Record<string, unknown> {
  return { order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: RECENT_ITEMS_PAGE_SIZE, filters, select_columns: SELECT[resource] };
}

const toItem = (resource: Resource, row: Record<string, unknown>): ActivityItem => ({
  id: row.id as number,
  kind: resource,
  title: String(resource === 'chart' ? row.slice_name : resource === 'dashboard' ? row.dashboard_title : row.label),
  url: resource === 'saved_query' ? `/sqllab/?savedQueryId=${String(row.id)}` : String(row.url ?? ''),
  changed_on_delta_humanized: row.changed_on_delta_humanized as string | undefined,
  changed_on_utc: row.changed_on_utc as string | undefined,
});

/** Fetches one tab of one collection. */
export async function fetchActivity(client: ApiClient, resource: Resource, tab: Exclude<ActivityTab, 'Viewed'>, userId: number): Promise<ActivityItem[]> {
  const { json } = await client.get<{ result: Record<string, unknown>[] }>(`/api/v1/${resource}/`, { rison: activityQuery(resource, activityFilters(resource, tab, userId)) });
  return (json.result ?? []).map((row) => toItem(resource, row));
}

/**
 * Recents: charts and dashboards the user edited or created, merged newest first; Edited shows up to 3
 * items (spec 1 §2, §9).
 */
export async function fetchRecents(client: ApiClient, tab: 'Edited' | 'Created', userId: number): Promise<ActivityItem[]> {
  const [charts, dashboards] = await Promise.all([fetchActivity(client, 'chart', tab, userId), fetchActivity(client, 'dashboard', tab, userId)]);
  const merged = [...charts, ...dashboards].sort((a, b) => String(b.changed_on_utc ?? '').localeCompare(String(a.changed_on_utc ?? '')));
  return tab === 'Edited' ? merged.slice(0, HOME_MAX_EDITED_ITEMS) : merged.slice(0, RECENT_ITEMS_PAGE_SIZE);
}

/** The recent-activity endpoint (server: packages/server/src/event-log/recent-activity.ts). */
export const RECENT_ACTIVITY_ENDPOINT = '/api/v1/log/recent_activity/';

interface RecentActivityRow {
  action?: string;
  item_type?: 'dashboard' | 'slice';
  item_url?: string;
  item_title?: string;
  time?: number;
  time_delta_humanized?: string;
}

/**
 * Viewed: what the user opened lately, from GET /api/v1/log/recent_activity/?q=(page:0,page_size:5,distinct:!t)
 * (spec 1 §7, §9: page size 5). Items carry item_url; the server's distinct keeps one row per item.
 */
export async function fetchViewed(client: ApiClient): Promise<ActivityItem[]> {
  const { json } = await client.get<{ result?: RecentActivityRow[] }>(RECENT_ACTIVITY_ENDPOINT, { rison: { page: 0, page_size: RECENT_ITEMS_PAGE_SIZE, distinct: true } });
  return (json.result ?? []).slice(0, RECENT_ITEMS_PAGE_SIZE).map((row, index) => ({
    id: typeof row.time === 'number' ? row.time + index : index,
    kind: row.item_type === 'dashboard' ? 'dashboard' : 'chart',
    title: String(row.item_title ?? ''),
    url: String(row.item_url ?? ''),
    viewed_delta_humanized: row.time_delta_humanized || undefined,
  }));
}
