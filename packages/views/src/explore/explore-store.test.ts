import { describe, expect, it } from 'vitest';
import { createExploreStore } from './explore-store';
import { parseExploreUrl } from './explore-url';
import { baseRoutes, createFakeServer, GENDER_RESULT, newRegistry, reply } from './test-support';

const LINE = { kind: 'datasource', datasource: '1__table', vizType: 'echarts_timeseries_line' } as const;

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('explore store', () => {
  it('loads a dataset, applies plugin defaults and reports missing metrics without querying', async () => {
    const { client, calls } = createFakeServer(baseRoutes());
    const store = createExploreStore({ client, registry: newRegistry() });
    await store.load(LINE);
    expect(store.loadStatus.value).toBe('ready');
    expect(store.formData.value.x_axis).toBe('ds');
    expect(store.formData.value.row_limit).toBe(10000);
    expect(store.validationErrors.value).toEqual({ metrics: ['cannot be empty'] });
    expect(store.canRun.value).toBe(false);
    expect(calls.some((c) => c.path === '/api/v1/chart/data')).toBe(false);
    expect(store.canSave.value).toBe(true);
    expect(store.canCsv.value).toBe(true);
  });

  it('goes started -> succeeded -> rendered and keeps the form data key in the address', async () => {
    const { client, calls } = createFakeServer(baseRoutes());
    const store = createExploreStore({ client, registry: newRegistry() });
    await store.load(LINE);
    store.setControl('metrics', ['sum__num']);
    store.setControl('groupby', ['gender']);
    const run = store.runQuery();
    expect(store.chartStatus.value).toBe('loading');
    await run;
    expect(store.chartStatus.value).toBe('success');
    expect(store.queriesResponse.value?.[0].rowcount).toBe(2);
    store.chartRendered();
    expect(store.chartStatus.value).toBe('rendered');
    const dataCall = calls.find((c) => c.path === '/api/v1/chart/data');
    expect((dataCall?.body as { queries: { metrics: string[] }[] }).queries[0].metrics).toEqual(['sum__num']);
    // Lumen's own charts ask for column arrays (Lumen-only result_layout).
    expect((dataCall?.body as { result_layout?: string }).result_layout).toBe('columns');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.url.value).toBe('/explore/?form_data_key=fdkey');
  });

  it('aborts the previous request when run again and ignores its outcome', async () => {
    const first = deferred<unknown>();
    let count = 0;
    const { client, calls } = createFakeServer(
      baseRoutes({
        'POST /api/v1/chart/data': async () => {
          count += 1;
          if (count === 2) await first.promise;
          return { result: [GENDER_RESULT] };
        },
      }),
    );
    const store = createExploreStore({ client, registry: newRegistry(), persistFormData: false });
    await store.load({ kind: 'form-data', formData: { datasource: '1__table', viz_type: 'table', metrics: ['count'], groupby: ['gender'] } });
    const runs = calls.filter((c) => c.path === '/api/v1/chart/data');
    expect(runs).toHaveLength(1);
    expect(store.chartStatus.value).toBe('success');
    const slow = store.runQuery();
    const fast = store.runQuery();
    const aborted = calls.filter((c) => c.path === '/api/v1/chart/data')[1];
    await fast;
    first.resolve(null);
    await slow;
    expect(aborted.signal?.aborted).toBe(true);
    expect(store.chartStatus.value).toBe('success');
  });

  it('reports stop as stopped, and failures with the server message', async () => {
    const gate = deferred<unknown>();
    let hold = false;
    const { client } = createFakeServer(baseRoutes({ 'POST /api/v1/chart/data': async () => (hold ? gate.promise : { result: [GENDER_RESULT] }) }));
    const store = createExploreStore({ client, registry: newRegistry(), persistFormData: false });
    await store.load({ kind: 'form-data', formData: { datasource: '1__table', viz_type: 'table', metrics: ['count'] } });
    hold = true;
    const pending = store.runQuery();
    store.stopQuery();
    gate.resolve(null);
    await pending;
    expect(store.chartStatus.value).toBe('stopped');

    const failing = createFakeServer(
      baseRoutes({
        'POST /api/v1/chart/data': () => reply(400, { message: 'Column "x" does not exist', errors: [{ error_type: 'COLUMN_DOES_NOT_EXIST_ERROR', level: 'error', message: 'Column "x" does not exist' }] }),
      }),
    );
    const other = createExploreStore({ client: failing.client, registry: newRegistry(), persistFormData: false });
    await other.load({ kind: 'form-data', formData: { datasource: '1__table', viz_type: 'table', metrics: ['count'] } });
    expect(other.chartStatus.value).toBe('failed');
    expect(other.chartError.value?.message).toBe('Column "x" does not exist');

    const odd = createFakeServer(baseRoutes({ 'POST /api/v1/chart/data': () => reply(204, '') }));
    const third = createExploreStore({ client: odd.client, registry: newRegistry(), persistFormData: false });
    await third.load({ kind: 'form-data', formData: { datasource: '1__table', viz_type: 'table', metrics: ['count'] } });
    expect(third.chartError.value?.message).toBe('Received unexpected response status (204) while fetching chart data');
  });

  it('shows unknown viz types and unparseable saved form data as errors', async () => {
    const { client } = createFakeServer(
      baseRoutes({
        'GET /api/v1/chart/5': () => ({
          result: { id: 5, slice_name: 'Broken', viz_type: 'table', params: '{not json', datasource_id: 1, datasource_type: 'table', owners: [], dashboards: [] },
        }),
      }),
    );
    const store = createExploreStore({ client, registry: newRegistry() });
    await store.load({ kind: 'datasource', datasource: '1__table', vizType: 'nope' });
    expect(store.vizError.value).toBe('Unknown viz type: nope');
    expect(store.canRun.value).toBe(false);
    await store.load(parseExploreUrl('/explore/', '?slice_id=5'));
    expect(store.loadStatus.value).toBe('error');
    expect(store.loadError.value?.message).toMatch(/could not be parsed/);
  });

  it('keeps metrics and dimensions across a viz-type switch and drops unknown fixed choices', async () => {
    const { client } = createFakeServer(baseRoutes());
    const store = createExploreStore({ client, registry: newRegistry(), persistFormData: false });
    await store.load({ kind: 'form-data', formData: { datasource: '1__table', viz_type: 'table', query_mode: 'bogus', metrics: ['count'], groupby: ['gender'] } });
    expect(store.formData.value.query_mode).toBeNull();
    store.setVizType('echarts_timeseries_line');
    expect(store.formData.value).toMatchObject({ viz_type: 'echarts_timeseries_line', metrics: ['count'], groupby: ['gender'], x_axis: 'ds' });
  });
});

describe('explore addresses', () => {
  it('reads every entry form', () => {
    expect(parseExploreUrl('/explore/', '?slice_id=3')).toEqual({ kind: 'slice', sliceId: 3 });
    expect(parseExploreUrl('/explore/', '?form_data_key=k&slice_id=3')).toEqual({ kind: 'form-data-key', key: 'k', sliceId: 3 });
    expect(parseExploreUrl('/explore/p/abc/', '')).toEqual({ kind: 'permalink', key: 'abc' });
    expect(parseExploreUrl('/explore/', '?datasource_id=2&datasource_type=table&viz_type=pie')).toEqual({ kind: 'datasource', datasource: '2__table', vizType: 'pie' });
    expect(parseExploreUrl('/explore/', '?viz_type=pie')).toEqual({ kind: 'new', vizType: 'pie' });
    expect(parseExploreUrl('/explore/', '?form_data=%7Bbad')).toEqual({ kind: 'invalid', message: 'The form_data parameter is not valid JSON' });
  });
});
