import { CHART_DATA_ENDPOINT, chartDataQueryParams, type ApiClient } from '@lumen-bi/core';

type FetchFile = (url: string, init: RequestInit) => Promise<Response>;

/** The server's own message from an error answer, else the HTTP status. */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: fall through to the status.
  }
  return `Export failed (${response.status} ${response.statusText})`.trim();
}

/**
 * Chart data as a file (an .xlsx workbook) for a download. The API client reads every answer as text, which
 * would corrupt binary bytes, so this posts the query context itself with the client's credentials: the
 * session cookie, or a guest's token header. The endpoint is CSRF-exempt, as in the incumbent.
 *
 * @example
 * const workbook = await fetchChartDataFile(store.api, { ...queryContext, result_format: 'xlsx' }, sliceId);
 */
export async function fetchChartDataFile(client: ApiClient, queryContext: unknown, sliceId?: number, dashboardId?: number, fetchFile: FetchFile = (url, init) => fetch(url, init)): Promise<Blob> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' };
  if (client.auth.kind === 'guest') headers['X-GuestToken'] = typeof client.auth.token === 'function' ? client.auth.token() : client.auth.token;
  const url = client.buildUrl(CHART_DATA_ENDPOINT, chartDataQueryParams(sliceId, dashboardId));
  const response = await fetchFile(url, { method: 'POST', headers, body: JSON.stringify(queryContext), credentials: client.auth.kind === 'session' ? 'include' : 'same-origin' });
  if (!response.ok) throw new Error(await failureMessage(response));
  return response.blob();
}
