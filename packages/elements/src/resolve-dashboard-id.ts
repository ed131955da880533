import type { ApiClient } from '@lumen-bi/core';
import { isEmbeddedUuid } from './element-attributes';

/** GET /api/v1/embedded_dashboard/{uuid} `result` (public). */
export interface EmbeddedDashboardInfo {
  uuid?: string;
  dashboard_id: string | number;
  allowed_domains: string[];
}

/**
 * Fetches the public embedding configuration of an embedded uuid.
 *
 * @example
 * const { dashboard_id, allowed_domains } = await fetchEmbeddedDashboard(api, uuid);
 */
export async function fetchEmbeddedDashboard(api: ApiClient, uuid: string): Promise<EmbeddedDashboardInfo> {
  const { json } = await api.get<{ result: EmbeddedDashboardInfo }>(`/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`);
  return json.result;
}

/**
 * The id or slug the dashboard view loads for a `dashboard-id` attribute: an embedded uuid is resolved to
 * its dashboard; an id or slug is used as it is.
 *
 * @example
 * await resolveDashboardId(api, '5b0c9d3e-1111-4222-8333-444455556666'); // '7'
 * await resolveDashboardId(api, 'sales'); // 'sales'
 */
export async function resolveDashboardId(api: ApiClient, value: string): Promise<string> {
  const trimmed = value.trim();
  if (!isEmbeddedUuid(trimmed)) return trimmed;
  const info = await fetchEmbeddedDashboard(api, trimmed);
  return String(info.dashboard_id);
}
