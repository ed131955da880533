/**
 * A dashboard's embedding registration (docs/embedding.md §1): GET/PUT/DELETE
 * /api/v1/dashboard/{id}/embedded. Loaded with the Embed dialog only.
 */
import { ClientError, type ApiClient } from '@lumen-bi/core';

/** The registration as the server answers it (the incumbent's EmbeddedDashboardResponseSchema). */
export interface EmbeddedConfig {
  uuid: string;
  allowed_domains: string[];
  dashboard_id: string;
  changed_on?: string;
}

const path = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/embedded`;

/**
 * The registration, or null when the dashboard is not embedded. A 404 that says more than "not found" (the
 * server's EmbeddedSuperset flag is off) is thrown so the dialog shows why.
 */
export async function fetchEmbeddedConfig(api: ApiClient, dashboardId: number): Promise<EmbeddedConfig | null> {
  try {
    const { json } = await api.get<{ result: EmbeddedConfig }>(path(dashboardId));
    return json.result;
  } catch (failure) {
    if (failure instanceof ClientError && failure.status === 404 && !/EmbeddedSuperset/.test(failure.message)) return null;
    throw failure;
  }
}

/** Enables embedding or replaces the allowed origins; the uuid stays the same on an update. */
export async function saveEmbeddedConfig(api: ApiClient, dashboardId: number, allowedDomains: string[]): Promise<EmbeddedConfig> {
  const { json } = await api.put<{ result: EmbeddedConfig }>(path(dashboardId), { allowed_domains: allowedDomains });
  return json.result;
}

/** Turns embedding off: guest tokens naming the uuid stop working. */
export async function deleteEmbeddedConfig(api: ApiClient, dashboardId: number): Promise<void> {
  await api.delete(path(dashboardId));
}
