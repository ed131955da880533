/**
 * The data pane's requests: samples (result_type 'samples'), the query's SQL (result_type 'query'), CSV
 * downloads (result_format 'csv') and share permalinks (POST /api/v1/explore/permalink).
 */
import type { ChartPlugin } from '@lumen-bi/charts';
import { CHART_DATA_ENDPOINT, chartDataQueryParams, fetchChartData, type ApiClient, type ChartDataResponseResult, type QueryFormData } from '@lumen-bi/core';

/** Messages of the share action (the incumbent's). */
export const COPIED_MESSAGE = 'Copied to clipboard!';
export const COPY_UNSUPPORTED_MESSAGE = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';
/** Fallback when fetching samples fails without a message (spec 1 §8). */
export const SAMPLES_ERROR_MESSAGE = 'Sorry, an error occurred';

/**
 * Sample rows of the dataset under the chart's filters.
 *
 * @example
 * const [samples] = await fetchSamples(client, plugin, formData);
 */
export async function fetchSamples(client: ApiClient, plugin: ChartPlugin, formData: QueryFormData, signal?: AbortSignal): Promise<ChartDataResponseResult> {
  const queryContext = { ...plugin.buildQuery(formData), result_type: 'samples' as const };
  queryContext.queries = queryContext.queries.slice(0, 1);
  const [result] = await fetchChartData(client, { formData, queryContext, signal });
  return result;
}

/**
 * The SQL the chart runs, as the server compiles it.
 *
 * @example
 * await fetchQuerySql(client, plugin, formData); // 'SELECT gender, SUM(num) ...'
 */
export async function fetchQuerySql(client: ApiClient, plugin: ChartPlugin, formData: QueryFormData): Promise<string> {
  const queryContext = { ...plugin.buildQuery(formData), result_type: 'query' as const };
  const results = await fetchChartData(client, { formData, queryContext });
  return results.map((r) => r.query ?? '').filter(Boolean).join(';\n\n');
}

/**
 * The chart's data as CSV text (POST to the chart data endpoint with result_format csv).
 *
 * @example
 * const csv = await fetchCsv(client, plugin, formData);
 */
export async function fetchCsv(client: ApiClient, plugin: ChartPlugin, formData: QueryFormData): Promise<string> {
  const queryContext = { ...plugin.buildQuery(formData), result_format: 'csv' as const, result_type: 'full' as const };
  const { json } = await client.post<unknown>(CHART_DATA_ENDPOINT, queryContext, {
    query: chartDataQueryParams(formData.slice_id),
    headers: { Accept: 'text/csv, application/json' },
  });
  return typeof json === 'string' ? json : JSON.stringify(json);
}

/** Offers text as a file download through a temporary object URL. */
export function downloadText(doc: Document, text: string, filename: string, type = 'text/csv'): void {
  const blob = new Blob([text], { type });
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = filename;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Creates a permalink of the current state; returns its URL (absolute when the server gives a path).
 *
 * @example
 * await createPermalink(client, formData, 'https://bi.example.com'); // 'https://bi.example.com/explore/p/abc/'
 */
export async function createPermalink(client: ApiClient, formData: QueryFormData, origin: string): Promise<string> {
  const { json } = await client.post<{ key: string; url: string }>('/api/v1/explore/permalink', { formData, urlParams: [] });
  return /^https?:\/\//.test(json.url) ? json.url : `${origin}${json.url}`;
}
