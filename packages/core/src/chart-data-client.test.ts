import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import type { AsyncEventClient } from './async-events';
import { fetchChartData, runAnnotationQuery } from './chart-data-client';
import type { QueryFormData } from './form-data-types';
import type { ResponseLike } from './platform';
import { createAbortController } from './platform';
import { createFakeFetch } from './test-fetch';

const formData: QueryFormData = { datasource: '3__table', viz_type: 'table', metrics: ['count'], slice_id: 42 };
const result = [{ data: [{ count: 1 }], colnames: ['count'], is_cached: false, cached_dttm: null, cache_key: 'k', query: 'SELECT 1' }];
const guest = (fetch: ReturnType<typeof createFakeFetch>) => createApiClient({ baseUrl: '', auth: { kind: 'guest', token: 't' }, fetch });

describe('fetchChartData', () => {
  it('POSTs the query context with slice, dashboard and force params and returns result on 200', async () => {
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { body: { result } } });
    await expect(fetchChartData(guest(fetch), { formData, dashboardId: 7, force: true })).resolves.toEqual(result);
    expect(fetch.calls[0].url).toBe('/api/v1/chart/data?form_data=%7B%22slice_id%22%3A42%7D&dashboard_id=7&force=true');
    const body = JSON.parse(fetch.calls[0].init.body!);
    expect(body).toMatchObject({ datasource: { id: 3, type: 'table' }, force: true, result_format: 'json', result_type: 'full' });
    expect(body.queries[0].metrics).toEqual(['count']);
  });

  it('waits for the async job on 202', async () => {
    const job = { channel_id: 'c', job_id: 'j1', user_id: '1', status: 'pending', result_url: '/api/v1/chart/data/qc-1' };
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { status: 202, body: job } });
    const seen: unknown[] = [];
    const asyncEvents = {
      transport: 'polling',
      processEvents: () => undefined,
      stop: () => undefined,
      waitForAsyncData: async (j: unknown) => {
        seen.push(j);
        return result;
      },
    } as AsyncEventClient;
    await expect(fetchChartData(guest(fetch), { formData, asyncEvents })).resolves.toEqual(result);
    expect(seen).toEqual([job]);
  });

  it("asks for result_layout 'columns' when told to and answers records lazily beside the columns", async () => {
    const columnar = { colnames: ['ds', 'v'], coltypes: [2, 0], columns: [[1, 2], [10, null]], rowcount: 2, is_cached: false, cached_dttm: null, cache_key: 'k', query: '' };
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { body: { result: [columnar] } } });
    const [got] = await fetchChartData(guest(fetch), { formData, layout: 'columns' });
    expect(JSON.parse(fetch.calls[0].init.body!)).toMatchObject({ result_layout: 'columns', result_format: 'json' });
    expect(got.columns).toEqual([[1, 2], [10, null]]);
    expect(Object.keys(got)).not.toContain('columns');
    expect(got.data).toEqual([{ ds: 1, v: 10 }, { ds: 2, v: null }]);
    expect(got.data).toBe(got.data);
    // What a postMessage or JSON consumer sees is the incumbent's shape.
    expect(JSON.parse(JSON.stringify(got))).toEqual({ ...columnar, columns: undefined, data: [{ ds: 1, v: 10 }, { ds: 2, v: null }] });

    const plain = createFakeFetch({ 'POST /api/v1/chart/data': { body: { result } } });
    await expect(fetchChartData(guest(plain), { formData })).resolves.toEqual(result);
    expect(JSON.parse(plain.calls[0].init.body!)).not.toHaveProperty('result_layout');
  });

  it('rejects other success statuses with the spec message', async () => {
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { status: 204, body: '' } });
    await expect(fetchChartData(guest(fetch), { formData })).rejects.toThrow(
      'Received unexpected response status (204) while fetching chart data',
    );
  });
});

describe('runAnnotationQuery', () => {
  const annotation = { name: 'events' };

  it('reads result[0].annotation_data[name]', async () => {
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { body: { result: [{ annotation_data: { events: [{ x: 1 }] } }] } } });
    await expect(runAnnotationQuery(guest(fetch), { annotation, formData })).resolves.toEqual({
      status: 'success',
      name: 'events',
      data: [{ x: 1 }],
    });
  });

  it("counts a 'no data' error as success", async () => {
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { status: 400, body: { message: 'There is no data for this query' } } });
    await expect(runAnnotationQuery(guest(fetch), { annotation, formData })).resolves.toEqual({ status: 'success', name: 'events', data: null });
  });

  it("fails with 'Query timeout' on timeout", async () => {
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': () => new Promise<ResponseLike>(() => undefined) });
    await expect(runAnnotationQuery(guest(fetch), { annotation, formData, timeoutMs: 5 })).resolves.toEqual({
      status: 'failed',
      name: 'events',
      error: 'Query timeout',
    });
  });

  it('ignores aborts (resolves null) and reports other failures', async () => {
    const controller = createAbortController()!;
    controller.abort();
    const fetch = createFakeFetch({ 'POST /api/v1/chart/data': { status: 500, body: { message: 'Boom' } } });
    await expect(runAnnotationQuery(guest(fetch), { annotation, formData, signal: controller.signal })).resolves.toBeNull();
    await expect(runAnnotationQuery(guest(fetch), { annotation, formData })).resolves.toEqual({ status: 'failed', name: 'events', error: 'Boom' });
  });
});
