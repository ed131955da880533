import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ADMIN, createFakeServer, reply, type FakeCall } from '../explore/test-support';
import { createQuery } from './query-states';
import type { SqlLabStorage } from './local-persistence';
import { LOCAL_STORAGE_KEY } from './local-persistence';
import type { SqlLabQueryFailure, SqlLabQuerySuccess } from './query-outcomes';
import { createSqlLabController } from './sqllab-controller';
import { SqlLabView } from './sqllab-view';

/**
 * SqlLabView's onQuerySuccess / onQueryFailure, driven through the UI against a fake API client (the
 * client object the view is given): one call per query that finishes, for the sync and async paths, with
 * the details a host needs, and none for queries restored at load.
 */

const DATABASE = { id: 1, database_name: 'examples', backend: 'duckdb', allow_multi_catalog: false, expose_in_sqllab: true, allow_run_async: false, disable_data_preview: false };
const bootstrap = (runAsync = false) => ({
  result: {
    active_tab: null,
    tab_state_ids: [],
    databases: { 1: { ...DATABASE, allow_run_async: runAsync } },
    queries: {},
    common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DEFAULT_DB_ID: 1 }, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
  },
});
const COLUMNS = [
  { column_name: 'name', type: 'VARCHAR', is_dttm: false, type_generic: 1 },
  { column_name: 'n', type: 'BIGINT', is_dttm: false, type_generic: 0 },
];
const DATA = [
  { name: 'a', n: 1 },
  { name: 'b', n: 2 },
  { name: 'c', n: 3 },
];
const SYNTAX_ERROR = { message: 'Parser Error: syntax error at or near "SELEC"', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: { engine_name: 'DuckDB' } };

const clientId = (call: FakeCall) => (call.body as { client_id: string }).client_id;
const common = {
  'GET /api/v1/database/1/schemas/': () => ({ result: ['main'] }),
  'GET /api/v1/database/1/tables/': () => ({ result: [] }),
  'POST /api/v1/database/1/validate_sql/': () => ({ result: [] }),
};

const memoryStorage = (): SqlLabStorage => {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

/** Presses Run once the tab opened from the initial request (its database and SQL) is shown. */
async function run() {
  await screen.findByRole('button', { name: 'Run' });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  });
}

// Each test mounts its own SQL Lab; an earlier one left in the document would answer the queries too.
afterEach(cleanup);

describe('SqlLabView query outcomes', () => {
  it('reports a sync success with its details, then an SQL error with the structured errors, once each', async () => {
    let fail = false;
    const { client } = createFakeServer({
      ...common,
      'GET /api/v1/sqllab/': () => bootstrap(),
      'POST /api/v1/sqllab/execute/': (call) =>
        fail
          ? reply(400, { message: SYNTAX_ERROR.message, errors: [SYNTAX_ERROR] })
          : {
              status: 'success',
              query_id: 41,
              query: { id: clientId(call), serverId: 41, dbId: 1, sql: 'SELECT name, n FROM t', state: 'success', rows: 3, limitingFactor: 'NOT_LIMITED', startDttm: 1000, endDttm: 1250 },
              columns: COLUMNS,
              data: DATA,
            },
    });
    const successes: SqlLabQuerySuccess[] = [];
    const failures: SqlLabQueryFailure[] = [];
    render(
      <SqlLabView
        api={client}
        user={ADMIN}
        toasts={createToastStore()}
        initialRequest={{ dbId: 1, sql: 'SELECT name, n FROM t' }}
        onQuerySuccess={(q) => successes.push(q)}
        onQueryFailure={(q) => failures.push(q)}
      />,
    );
    await run();
    await waitFor(() => expect(successes).toHaveLength(1));
    expect(successes[0]).toMatchObject({
      state: 'success',
      serverId: 41,
      databaseId: 1,
      sql: 'SELECT name, n FROM t',
      rowCount: 3,
      columns: COLUMNS,
      durationMs: 250,
      limitingFactor: 'NOT_LIMITED',
      isDataPreview: false,
    });
    expect(successes[0].queryId).toMatch(/\w+/);
    expect(failures).toEqual([]);

    fail = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    });
    await waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]).toMatchObject({ state: 'failed', databaseId: 1, message: SYNTAX_ERROR.message, errors: [SYNTAX_ERROR] });
    expect(failures[0].queryId).not.toBe(successes[0].queryId);
    // Re-renders, the failed query's validation and the results pane must not report either query again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(successes).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it('reports an async query once, when its results have arrived after the poll', async () => {
    const { client, calls } = createFakeServer({
      ...common,
      'GET /api/v1/sqllab/': () => bootstrap(true),
      'POST /api/v1/sqllab/execute/': (call) => reply(202, { query: { id: clientId(call), dbId: 1, sql: 'SELECT 1', state: 'pending', startDttm: Date.now() } }),
      'GET /api/v1/query/updated_since': () => {
        const id = clientId(calls.find((c) => c.path === '/api/v1/sqllab/execute/')!);
        return { result: [{ id, dbId: 1, sql: 'SELECT 1', state: 'success', resultsKey: 'key-1', rows: 3, limitingFactor: 'DROPDOWN' }] };
      },
      'GET /api/v1/sqllab/results/': (call) => ({
        status: 'success',
        query: { id: clientId(calls.find((c) => c.path === '/api/v1/sqllab/execute/')!), dbId: 1, state: 'success', rows: 3, limitingFactor: 'DROPDOWN', resultsKey: 'key-1' },
        columns: COLUMNS,
        data: DATA,
        url: call.url,
      }),
    });
    const successes: SqlLabQuerySuccess[] = [];
    render(<SqlLabView api={client} user={ADMIN} toasts={createToastStore()} initialRequest={{ dbId: 1, sql: 'SELECT 1' }} onQuerySuccess={(q) => successes.push(q)} />);
    await run();
    // Pending after execute: nothing yet; the 1 s poll finds it finished and the results are fetched.
    expect(successes).toEqual([]);
    await waitFor(() => expect(successes).toHaveLength(1), { timeout: 4000 });
    expect(successes[0]).toMatchObject({ state: 'success', rowCount: 3, columns: COLUMNS, limitingFactor: 'DROPDOWN' });
    expect(calls.filter((c) => c.path === '/api/v1/sqllab/results/')).toHaveLength(1);
  });

  it('reports a stopped query as stopped, and not again when its late answer arrives', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { client } = createFakeServer({
      ...common,
      'GET /api/v1/sqllab/': () => bootstrap(),
      'POST /api/v1/sqllab/execute/': (call) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 'success', query: { id: clientId(call), dbId: 1, state: 'success', rows: 3 }, columns: COLUMNS, data: DATA });
        }),
      'POST /api/v1/query/stop': () => ({ result: 'OK' }),
    });
    const successes: SqlLabQuerySuccess[] = [];
    const failures: SqlLabQueryFailure[] = [];
    render(<SqlLabView api={client} user={ADMIN} toasts={createToastStore()} initialRequest={{ dbId: 1, sql: 'SELECT 4' }} onQuerySuccess={(q) => successes.push(q)} onQueryFailure={(q) => failures.push(q)} />);
    await run();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    });
    await waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]).toMatchObject({ state: 'stopped', sql: 'SELECT 4', message: 'Query was stopped.', errors: [] });
    await act(async () => answer(undefined));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(successes).toEqual([]);
    expect(failures).toHaveLength(1);
  });

  it('stays silent for queries restored from local storage, finished or still running', async () => {
    const now = Date.now();
    const tab = { id: 'tab-1', remoteId: null, name: 'Untitled Query 1', dbId: 1, catalog: null, schema: 'main', sql: 'SELECT 2', queryLimit: 1000, latestQueryId: 'old-done', hideLeftBar: false, templateParams: '', autorun: false, cursorPosition: { row: 0, column: 0 }, selectedText: null, northPercent: 50, southPercent: 50, updatedAt: now, loaded: true, inLocalStorage: true, version: 1 };
    // A finished query whose results were not kept (they are fetched again at load) and an async query
    // that was still running when the page closed (polled again at load, and finishes now).
    const done = { ...createQuery({ id: 'old-done', sqlEditorId: 'tab-1', dbId: 1, sql: 'SELECT 2', runAsync: false }, now - 5000), state: 'success' as const, resultsKey: 'old-key', rows: 3, endDttm: now - 4000 };
    const running = { ...createQuery({ id: 'old-running', sqlEditorId: 'tab-1', dbId: 1, sql: 'SELECT 3', runAsync: true }, now - 3000), state: 'running' as const, progress: 50 };
    const storage = memoryStorage();
    storage.setItem(LOCAL_STORAGE_KEY, JSON.stringify({ tabs: [tab], activeTabId: 'tab-1', tables: [], queries: { 'old-done': done, 'old-running': running } }));
    const { client, calls } = createFakeServer({
      ...common,
      'GET /api/v1/sqllab/': () => bootstrap(true),
      'GET /api/v1/sqllab/results/': () => ({ status: 'success', query: { id: 'x', dbId: 1, state: 'success', rows: 3 }, columns: COLUMNS, data: DATA }),
      'GET /api/v1/query/updated_since': () => ({ result: [{ id: 'old-running', dbId: 1, sql: 'SELECT 3', state: 'failed', errorMessage: 'gone', errors: [SYNTAX_ERROR] }] }),
    });
    const toasts = createToastStore();
    const controller = createSqlLabController({ api: client, toasts, storage });
    const outcomes: unknown[] = [];
    render(<SqlLabView api={client} user={ADMIN} toasts={toasts} controller={controller} onQuerySuccess={(q) => outcomes.push(q)} onQueryFailure={(q) => outcomes.push(q)} />);
    // Both restored queries reach a final state in this session: results fetched again, failure polled.
    await waitFor(() => expect(controller.store.queries.value['old-done']?.results?.data).toHaveLength(3));
    await waitFor(() => expect(controller.store.queries.value['old-running']?.state).toBe('failed'), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === '/api/v1/sqllab/results/')).toBe(true);
    expect(outcomes).toEqual([]);
  });
});
