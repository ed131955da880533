/**
 * Fetching chart data (spec 1 §7): POST /api/v1/chart/data with the request body; 200 carries the
 * result, 202 an async job whose result arrives through the async-event client.
 */
import type { ApiClient } from './api-client';
import type { AsyncEventClient } from './async-events';
import type { AsyncJobMetadata } from './async-event-types';
import { buildQueryContext, type BuildQuery } from './build-query-context';
import { ClientError } from './client-error';
import { getClientErrorMessage } from './error-catalogue';
import { COMMON_ERROR_MESSAGES } from './error-messages';
import { withLazyRecords } from './columnar-result';
import type { AnnotationLayer, QueryFormData } from './form-data-types';
import type { AbortSignalLike } from './platform';
import type { ChartDataResponseResult, ChartDataResultLayout, QueryContext } from './query-types';

/** The chart data endpoint. */
export const CHART_DATA_ENDPOINT = '/api/v1/chart/data';

/** Options of fetchChartData. */
export interface FetchChartDataOptions {
  formData: QueryFormData;
  /** A prebuilt body; otherwise built from formData (with buildQuery when given). */
  queryContext?: QueryContext;
  buildQuery?: BuildQuery;
  /** Sent as `form_data={"slice_id":N}` for logging and permission checks; defaults to formData.slice_id. */
  sliceId?: number;
  dashboardId?: number;
  force?: boolean;
  signal?: AbortSignalLike;
  timeoutMs?: number;
  /** Needed to follow 202 responses. */
  asyncEvents?: AsyncEventClient;
  /**
   * 'columns' asks the server for column arrays (Lumen-only `result_layout`): charts that read columns get
   * them without any per-row work, and `data` still answers records, built on first access. Default
   * 'records' sends the body unchanged (the incumbent's request and response).
   */
  layout?: ChartDataResultLayout;
}

/** The chart-data query-string parameters (spec 1 §7). */
export function chartDataQueryParams(sliceId?: number, dashboardId?: number, force?: boolean): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  if (sliceId !== undefined && sliceId !== null) query.form_data = JSON.stringify({ slice_id: sliceId });
  if (dashboardId !== undefined && dashboardId !== null) query.dashboard_id = dashboardId;
  if (force) query.force = true;
  return query;
}

/**
 * Fetches a chart's data, following async jobs.
 *
 * @example
 * const results = await fetchChartData(client, { formData, dashboardId: 7, asyncEvents });
 * results[0].data; // rows of the first query
 */
export async function fetchChartData(client: ApiClient, options: FetchChartDataOptions): Promise<ChartDataResponseResult[]> {
  const { formData } = options;
  const force = options.force ?? false;
  const built = options.queryContext ?? buildQueryContext(formData, { buildQuery: options.buildQuery, force });
  const body = options.layout === 'columns' ? { ...built, result_layout: 'columns' as const } : built;
  const response = await client.post<unknown>(CHART_DATA_ENDPOINT, body, {
    query: chartDataQueryParams(options.sliceId ?? formData.slice_id, options.dashboardId, force),
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const json = response.json as Record<string, unknown> | null;
  const result = json !== null && typeof json === 'object' && 'result' in json ? json.result : json;
  const decode = (results: ChartDataResponseResult[]) => (options.layout === 'columns' && Array.isArray(results) ? results.map(withLazyRecords) : results);
  switch (response.status) {
    case 200:
      return decode(result as ChartDataResponseResult[]);
    case 202: {
      if (!options.asyncEvents) {
        throw new Error('Received an async job (202) while fetching chart data but no async-event client was given');
      }
      // The job ran the same body, so its result has the requested layout too.
      return decode(await options.asyncEvents.waitForAsyncData<ChartDataResponseResult[]>(result as AsyncJobMetadata));
    }
    default:
      throw new Error(`Received unexpected response status (${response.status}) while fetching chart data`);
  }
}

/** Outcome of an annotation query (spec 1 §4: started -> success | failed). */
export type AnnotationQueryResult =
  | { status: 'success'; name: string; data: unknown }
  | { status: 'failed'; name: string; error: string };

/** Options of runAnnotationQuery. */
export interface AnnotationQueryOptions {
  annotation: Pick<AnnotationLayer, 'name'>;
  /** Chart data body of the annotation source (or form data to build it from). */
  queryContext?: QueryContext;
  formData?: QueryFormData;
  timeoutMs?: number;
  signal?: AbortSignalLike;
  force?: boolean;
  endpoint?: string;
}

function annotationDataFor(result: ChartDataResponseResult | undefined, name: string): unknown {
  const data = result?.annotation_data;
  if (Array.isArray(data)) return data.find((entry) => name in entry)?.[name];
  return data?.[name];
}

/**
 * Runs an annotation query. An error meaning 'no data' counts as success (with no data), a timeout
 * fails with 'Query timeout', and an abort is ignored: the promise resolves null so callers dispatch
 * nothing for a request the user no longer cares about.
 *
 * @example
 * const outcome = await runAnnotationQuery(client, { annotation: layer, formData: sourceFormData, timeoutMs: 60000, signal });
 * if (outcome?.status === 'failed') showError(outcome.error);
 */
export async function runAnnotationQuery(
  client: ApiClient,
  options: AnnotationQueryOptions,
): Promise<AnnotationQueryResult | null> {
  const { name } = options.annotation;
  try {
    const body =
      options.queryContext ??
      (options.formData
        ? buildQueryContext(options.formData, { force: options.force, resultFormat: 'json', resultType: 'full' })
        : undefined);
    if (!body) throw new Error('runAnnotationQuery needs a queryContext or formData');
    const { json } = await client.post<{ result?: ChartDataResponseResult[] }>(options.endpoint ?? CHART_DATA_ENDPOINT, body, {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    return { status: 'success', name, data: annotationDataFor(json?.result?.[0], name) };
  } catch (error) {
    if (error instanceof ClientError && error.kind === 'abort') return null;
    if (error instanceof ClientError && error.kind === 'timeout') {
      return { status: 'failed', name, error: COMMON_ERROR_MESSAGES.QUERY_TIMEOUT };
    }
    const message = getClientErrorMessage(error);
    if (message.toLowerCase().includes('no data')) return { status: 'success', name, data: null };
    return { status: 'failed', name, error: message };
  }
}
