import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { chartDataRequestKey, createChartDataPrefetcher } from './chart-data-prefetch';
import { ClientError } from './client-error';
import type { FetchChartDataOptions } from './chart-data-client';
import type { QueryFormData } from './form-data-types';
import { createAbortController } from './platform';
import type { RecordedCall } from './test-fetch';
import { createFakeFetch, jsonResponse } from './test-fetch';

const formData: QueryFormData = { datasource: '3__table', viz_type: 'table', metrics: ['count'], slice_id: 42 };
const result = [{ data: [{ count: 1 }], colnames: ['count'], is_cached: false, cached_dttm: null, cache_key: 'k', query: 'SELECT 1' }];
const request: FetchChartDataOptions = { formData, dashboardId: 7, layout: 'columns' };
const filtered: FetchChartDataOptions = { ...request, formData: { ...formData, adhoc_filters: [{ clause: 'WHERE', expressionType: 'SIMPLE', subject: 'country', operator: 'IN', comparator: ['FR'] }] } };

/** A chart-data route that answers only when `release` is called, to hold requests in flight. */
function heldChartData() {
  const held: { call: RecordedCall; release(): void }[] = [];
  const fetch = createFakeFetch({
    'POST /api/v1/chart/data': (call) =>
      new Promise((resolve, reject) => {
        call.init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        held.push({ call, release: () => resolve(jsonResponse(200, { result })) });
      }),
  });
  return { fetch, held, api: createApiClient({ baseUrl: '', auth: { kind: 'guest', token: 't' }, fetch }) };
}

describe('createChartDataPrefetcher', () => {
  it('hands a request in flight to the chart that asks for the same one: no second request', async () => {
    const { fetch, held, api } = heldChartData();
    const prefetcher = createChartDataPrefetcher();
    void prefetcher.prefetch(api, request);
    expect(prefetcher.has(request)).toBe(true);
    const chart = prefetcher.fetch(api, { ...request, signal: createAbortController()!.signal });
    held[0].release();
    await expect(chart).resolves.toEqual(result);
    expect(fetch.calls).toHaveLength(1);
    expect(prefetcher.has(request)).toBe(false);
  });

  it('sends the body the chart would send itself, so the server cache key is the same', async () => {
    const prefetched = heldChartData();
    void createChartDataPrefetcher().prefetch(prefetched.api, request);
    const direct = heldChartData();
    void createChartDataPrefetcher().fetch(direct.api, request);
    expect(prefetched.fetch.calls[0].url).toBe(direct.fetch.calls[0].url);
    expect(prefetched.fetch.calls[0].init.body).toBe(direct.fetch.calls[0].init.body);
  });

  it('never hands over a request made with other filters, and aborts it when the filters change', async () => {
    const { fetch, held, api } = heldChartData();
    const prefetcher = createChartDataPrefetcher();
    const settled = prefetcher.prefetch(api, request);
    prefetcher.retain(new Set([chartDataRequestKey(filtered)]));
    await settled;
    expect(held[0].call.init.signal?.aborted).toBe(true);
    const chart = prefetcher.fetch(api, filtered);
    expect(fetch.calls).toHaveLength(2);
    expect(JSON.parse(fetch.calls[1].init.body!).queries[0].filters).toEqual([{ col: 'country', op: 'IN', val: ['FR'] }]);
    held[1].release();
    await expect(chart).resolves.toEqual(result);
  });

  it('does not prefetch again what a chart already fetched, nor twice what is pending', async () => {
    const { fetch, held, api } = heldChartData();
    const prefetcher = createChartDataPrefetcher();
    void prefetcher.prefetch(api, request);
    void prefetcher.prefetch(api, request);
    expect(fetch.calls).toHaveLength(1);
    const chart = prefetcher.fetch(api, request);
    held[0].release();
    await chart;
    await prefetcher.prefetch(api, request);
    expect(fetch.calls).toHaveLength(1);
    // A refresh is the chart's own request again.
    const again = prefetcher.fetch(api, request);
    held[1].release();
    await again;
    expect(fetch.calls).toHaveLength(2);
  });

  it('stops a handed-over request when its chart aborts, and reports a failed prefetch to the chart', async () => {
    const { held, api } = heldChartData();
    const prefetcher = createChartDataPrefetcher();
    void prefetcher.prefetch(api, request);
    const controller = createAbortController()!;
    const chart = prefetcher.fetch(api, { ...request, signal: controller.signal });
    controller.abort();
    expect(held[0].call.init.signal?.aborted).toBe(true);
    await expect(chart).rejects.toBeInstanceOf(ClientError);

    const failing = createFakeFetch({ 'POST /api/v1/chart/data': { status: 500, body: { message: 'engine down' } } });
    const failingApi = createApiClient({ baseUrl: '', auth: { kind: 'guest', token: 't' }, fetch: failing });
    await prefetcher.prefetch(failingApi, filtered);
    await expect(prefetcher.fetch(failingApi, filtered)).rejects.toThrow('engine down');
    expect(failing.calls).toHaveLength(1);
  });

  it('clear() aborts every request no chart has taken', async () => {
    const { held, api } = heldChartData();
    const prefetcher = createChartDataPrefetcher();
    void prefetcher.prefetch(api, request);
    prefetcher.clear();
    expect(held[0].call.init.signal?.aborted).toBe(true);
    expect(prefetcher.has(request)).toBe(false);
  });
});
