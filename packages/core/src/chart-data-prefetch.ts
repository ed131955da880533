/**
 * Chart-data requests started before their chart asks (a dashboard's first viewport while its layout
 * renders, the charts below the fold when the browser is idle) and handed to the chart when it does.
 * A request is identified by everything fetchChartData sends (body, layout, slice, dashboard, force), so a
 * chart takes over a prefetched request only when it would have sent exactly that request itself: the
 * server sees one request per chart, and a prefetch made with other filters is never used.
 */
import { fetchChartData, type FetchChartDataOptions } from './chart-data-client';
import type { ApiClient } from './api-client';
import { buildQueryContext } from './build-query-context';
import { createAbortController, type AbortControllerLike } from './platform';
import type { ChartDataResponseResult } from './query-types';

/** What a chart calls to get its data; fetchChartData's signature, so either can be handed to a chart. */
export type ChartDataFetcher = (client: ApiClient, options: FetchChartDataOptions) => Promise<ChartDataResponseResult[]>;

interface PendingRequest {
  promise: Promise<ChartDataResponseResult[]>;
  controller: AbortControllerLike | undefined;
}

/** The identity of a chart-data request: the same key means fetchChartData would send the same request. */
export function chartDataRequestKey(options: FetchChartDataOptions): string {
  const force = options.force ?? false;
  const body = options.queryContext ?? buildQueryContext(options.formData, { buildQuery: options.buildQuery, force });
  return JSON.stringify([body, options.layout ?? 'records', options.sliceId ?? options.formData.slice_id ?? null, options.dashboardId ?? null, force]);
}

export interface ChartDataPrefetcher {
  /** Starts the request unless the same one is pending or was already taken by its chart; resolves when it settles. */
  prefetch(client: ApiClient, options: FetchChartDataOptions): Promise<void>;
  /** A ChartDataFetcher: takes over a pending identical request, otherwise fetches. */
  fetch: ChartDataFetcher;
  /** Whether a request with these options was prefetched and not yet taken. */
  has(options: FetchChartDataOptions): boolean;
  /** Aborts and forgets the requests no chart has taken except those with these keys (filters changed). */
  retain(keys: ReadonlySet<string>): void;
  /** Aborts and forgets every request no chart has taken (dashboard closed). */
  clear(): void;
}

/**
 * @example
 * const prefetcher = createChartDataPrefetcher();
 * void prefetcher.prefetch(api, { formData, queryContext, dashboardId: 7, layout: 'columns' }); // before the layout renders
 * const results = await prefetcher.fetch(api, sameOptionsWithTheChartsSignal);                 // no second request
 */
export function createChartDataPrefetcher(fetcher: ChartDataFetcher = fetchChartData): ChartDataPrefetcher {
  const pending = new Map<string, PendingRequest>();
  // Requests their charts already made or took: prefetching them again would fetch what nobody will ask for.
  const taken = new Set<string>();

  function prefetch(client: ApiClient, options: FetchChartDataOptions): Promise<void> {
    const key = chartDataRequestKey(options);
    const existing = pending.get(key);
    if (existing) return existing.promise.then(noop, noop);
    if (taken.has(key)) return Promise.resolve();
    const controller = createAbortController();
    const promise = fetcher(client, { ...options, signal: controller?.signal });
    pending.set(key, { promise, controller });
    // A failed prefetch stays pending for its chart, which reports the failure as its own.
    return promise.then(noop, noop);
  }

  function fetch(client: ApiClient, options: FetchChartDataOptions): Promise<ChartDataResponseResult[]> {
    const key = chartDataRequestKey(options);
    taken.add(key);
    const request = pending.get(key);
    if (!request) return fetcher(client, options);
    pending.delete(key);
    // The chart gave up on it (new filters, unmounted): the request it took over is stopped as its own would be.
    options.signal?.addEventListener('abort', () => request.controller?.abort(options.signal?.reason), { once: true });
    return request.promise;
  }

  function retain(keys: ReadonlySet<string>) {
    for (const [key, request] of pending) {
      if (keys.has(key)) continue;
      request.controller?.abort();
      pending.delete(key);
    }
  }

  return { prefetch, fetch, has: (options) => pending.has(chartDataRequestKey(options)), retain, clear: () => retain(new Set()) };
}

function noop() {}
