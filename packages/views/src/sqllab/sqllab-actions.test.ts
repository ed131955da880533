import { describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../explore/test-support';
import { createEditorActions } from './editor-actions';
import { openInitialRequest } from './initial-request';
import { createQueryRunner } from './query-runner';
import { createSavedQueryActions } from './saved-query-actions';
import { createSqlLabApi } from './sqllab-api';
import { createSqlLabStore } from './sqllab-store';

let n = 0;
const setup = (routes: Parameters<typeof createFakeServer>[0]) => {
  const server = createFakeServer(routes);
  const store = createSqlLabStore({ newId: () => `id${++n}` });
  store.databases.value = { 1: { id: 1, database_name: 'examples', backend: 'duckdb', allow_multi_catalog: false, expose_in_sqllab: true, allow_run_async: false, disable_data_preview: false } };
  const toasts = createToastStore();
  const api = createSqlLabApi(server.client);
  return { ...server, store, toasts, api };
};
const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}: ${t.text}`);

describe('saved queries', () => {
  it('saves, updates and schedules with the spec toasts', async () => {
    const ok = setup({ 'POST /api/v1/saved_query/': () => ({ id: 7, result: {} }), 'PUT /api/v1/saved_query/7': () => ({ id: 7, result: {} }) });
    const actions = createSavedQueryActions(ok);
    const tab = ok.store.addTab({ dbId: 1, schema: 'main', sql: 'SELECT 1', templateParams: '{"x":1}' });
    await actions.save(tab, { label: 'Mine', description: 'd' });
    expect(ok.calls[0]!.body).toEqual({ label: 'Mine', description: 'd', db_id: 1, catalog: null, schema: 'main', sql: 'SELECT 1', template_parameters: '{"x":1}' });
    expect(ok.store.tabs.value[0]).toMatchObject({ remoteId: 7, name: 'Mine' });
    await actions.update(ok.store.tabs.value[0]!, { label: 'Mine 2', description: '' });
    await actions.schedule(tab, { label: 'S', description: '' }, { crontab: '0 8 * * *' });
    expect(texts(ok.toasts)).toEqual([
      'success: Your query was saved',
      'success: Your query was updated',
      'success: Your query has been scheduled. To see details of your query, navigate to Saved queries',
    ]);

    const bad = setup({ 'POST /api/v1/saved_query/': () => reply(500, {}), 'PUT /api/v1/saved_query/7': () => reply(500, {}) });
    const failing = createSavedQueryActions(bad);
    const t2 = bad.store.addTab({ dbId: 1, remoteId: 7 });
    await failing.save(t2, { label: 'x', description: '' });
    await failing.update(t2, { label: 'x', description: '' });
    await failing.schedule(t2, { label: 'x', description: '' }, {});
    expect(texts(bad.toasts)).toEqual(['danger: Your query could not be saved', 'danger: Your query could not be updated', 'danger: Your query could not be scheduled']);
  });

  it('shares a permalink and copies its URL', async () => {
    const s = setup({ 'POST /api/v1/sqllab/permalink': () => reply(201, { key: 'abc', url: 'http://lumen.test/sqllab/p/abc' }) });
    const copied: string[] = [];
    const url = await createSavedQueryActions(s).share(s.store.addTab({ dbId: 1, sql: 'SELECT 1' }), async (t) => void copied.push(t), 'https://bi.example.com');
    expect(url).toBe('https://bi.example.com/sqllab/p/abc');
    expect(copied).toEqual([url]);
    expect(texts(s.toasts)).toEqual(['success: Copied to clipboard!']);
  });
});

describe('running queries', () => {
  it('runs synchronously and stores results; stop toasts its outcome', async () => {
    const s = setup({
      'POST /api/v1/sqllab/execute/': (call) => ({ status: 'success', query_id: 1, query: { id: (call.body as { client_id: string }).client_id, state: 'success', rows: 1, limitingFactor: 'NOT_LIMITED' }, columns: [{ column_name: 'a', type: 'INT', is_dttm: false, type_generic: 0 }], data: [{ a: 1 }] }),
      'POST /api/v1/query/stop': () => ({ result: 'OK' }),
    });
    const runner = createQueryRunner(s);
    const tab = s.store.addTab({ dbId: 1, sql: 'SELECT 1 AS a', queryLimit: 100 });
    const query = await runner.run(tab);
    expect(query).toMatchObject({ state: 'success', rows: 1, results: { data: [{ a: 1 }] } });
    expect(s.calls[0]!.body).toMatchObject({ database_id: 1, sql: 'SELECT 1 AS a', runAsync: false, queryLimit: 100, sql_editor_id: tab.id, client_id: query!.id });
    await runner.stop(query!);
    expect(s.store.queries.value[query!.id]!.state).toBe('stopped');
    expect(texts(s.toasts)).toEqual(['success: Query was stopped.']);

    const failing = setup({ 'POST /api/v1/query/stop': () => reply(500, {}) });
    await createQueryRunner(failing).stop(query!);
    expect(texts(failing.toasts)).toEqual(['danger: Failed to stop query.']);
  });

  it('polls an async query until it succeeds, then fetches results (or toasts the failure)', async () => {
    let state = 'running';
    const s = setup({
      'POST /api/v1/sqllab/execute/': (call) => reply(202, { query: { id: (call.body as { client_id: string }).client_id, state: 'pending', dbId: 1, sql: 'x', startDttm: Date.now() } }),
      'GET /api/v1/query/updated_since': () => ({ result: Object.values(s.store.queries.value).map((q) => ({ id: q.id, state, resultsKey: 'k1', dbId: 1, sql: 'x', rows: 2 })) }),
      'GET /api/v1/sqllab/results/': () => ({ status: 'success', query_id: 1, query: { id: 'ignored', state: 'success' }, columns: [{ column_name: 'a' }], data: [{ a: 1 }, { a: 2 }] }),
    });
    s.store.databases.value = { 1: { ...s.store.databases.value[1]!, allow_run_async: true } };
    const timers: (() => void)[] = [];
    const runner = createQueryRunner({ ...s, setTimer: (fn) => timers.push(fn), clearTimer: () => undefined });
    const query = (await runner.run(s.store.addTab({ dbId: 1, sql: 'x' })))!;
    expect(query.state).toBe('pending');
    expect(timers).toHaveLength(1);
    await runner.poll();
    expect(s.store.queries.value[query.id]!.state).toBe('running');
    state = 'success';
    await runner.poll();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.store.queries.value[query.id]).toMatchObject({ state: 'success', results: { data: [{ a: 1 }, { a: 2 }] } });
    expect(s.calls.find((c) => c.path === '/api/v1/sqllab/results/')!.url).toContain('key:k1');
  });

  it("says 'Failed at retrieving results' when results cannot be fetched", async () => {
    const s = setup({
      'GET /api/v1/query/updated_since': () => ({ result: Object.values(s.store.queries.value).map((q) => ({ id: q.id, state: 'success', resultsKey: 'k', dbId: 1, sql: 'x' })) }),
      'GET /api/v1/sqllab/results/': () => reply(410, { message: 'gone' }),
    });
    const tab = s.store.addTab({ dbId: 1 });
    s.store.startQuery({ id: 'qa', sqlEditorId: tab.id, dbId: 1, sql: 'x', runAsync: true });
    const runner = createQueryRunner({ ...s, setTimer: () => 0, clearTimer: () => undefined });
    await runner.poll();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.store.queries.value.qa).toMatchObject({ state: 'failed', errorMessage: 'Failed at retrieving results' });
    expect(texts(s.toasts)).toEqual(['danger: Failed at retrieving results']);
  });
});

describe('opening SQL Lab', () => {
  it('opens saved queries, permalinks, earlier queries and datasets, with the spec toasts on failure', async () => {
    const s = setup({
      'GET /api/v1/saved_query/3': () => ({ result: { id: 3, label: 'Saved', db_id: 1, schema: 'main', catalog: null, sql: 'SELECT 3', template_parameters: null, description: null } }),
      'GET /api/v1/sqllab/permalink/abc': () => ({ name: 'Shared', dbId: 1, catalog: null, schema: 'main', autorun: false, sql: 'SELECT 4', templateParams: null }),
      'GET /api/v1/query/5': () => ({ result: { database: { id: 1 }, catalog: null, schema: 'main', sql: 'SELECT 5', tab_name: 'Old' } }),
      'GET /api/v1/dataset/6': () => ({ result: { table_name: 'birth_names', schema: 'main', database: { id: 1 }, select_star: 'SELECT * FROM main.birth_names LIMIT 100' } }),
    });
    expect(await openInitialRequest({ savedQueryId: 3 }, s)).toMatchObject({ name: 'Saved', remoteId: 3, sql: 'SELECT 3' });
    expect((await openInitialRequest({ savedQueryId: 3 }, s))!.id).toBe(s.store.tabs.value[0]!.id);
    expect(await openInitialRequest({ permalinkKey: 'abc' }, s)).toMatchObject({ name: 'Shared', sql: 'SELECT 4' });
    expect(await openInitialRequest({ queryId: 5 }, s)).toMatchObject({ name: 'Old', sql: 'SELECT 5' });
    expect(await openInitialRequest({ datasetId: 6 }, s)).toMatchObject({ sql: 'SELECT * FROM main.birth_names LIMIT 100', dbId: 1 });
    expect(s.toasts.toasts.value).toEqual([]);

    const bad = setup({});
    for (const request of [{ permalinkKey: 'zz' }, { savedQueryId: 9 }, { queryId: 9 }, { datasetId: 9 }]) await openInitialRequest(request, bad);
    expect(texts(bad.toasts)).toEqual([
      'danger: An error occurred while loading the SQL',
      "danger: The query couldn't be loaded",
      "danger: The query couldn't be loaded",
      "danger: The datasource couldn't be loaded",
    ]);
  });

  it('estimates with {} for unparseable params and validates without them; dataset failure toasts', async () => {
    const s = setup({
      'POST /api/v1/sqllab/estimate/': () => ({ result: [{ 'Total cost': 1 }] }),
      'POST /api/v1/database/1/validate_sql/': () => ({ result: [{ line_number: 1, start_column: 8, end_column: 9, message: 'syntax error' }] }),
      'POST /api/v1/dataset/': () => reply(422, { message: 'exists' }),
    });
    const actions = createEditorActions(s);
    const tab = s.store.addTab({ dbId: 1, sql: 'SELECT !', templateParams: '{not json' });
    await actions.estimate(tab);
    await actions.validate(tab);
    expect(s.calls[0]!.body).toMatchObject({ template_params: {} });
    expect(s.calls[1]!.body).not.toHaveProperty('template_params');
    expect(s.store.costEstimates.value[tab.id]).toEqual({ completed: true, cost: [{ 'Total cost': 1 }], error: null });
    expect(s.store.validationErrors.value[tab.id]![0]!.start_column).toBe(8);
    const query = s.store.startQuery({ id: 'qq', sqlEditorId: tab.id, dbId: 1, sql: 'SELECT 1', runAsync: false });
    expect(await actions.createDataset(query, 'ds')).toBeNull();
    expect(texts(s.toasts)).toEqual(['danger: An error occurred while creating the data source']);
  });
});
