import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ADMIN, createFakeServer } from '../explore/test-support';
import { LocaleProvider } from '../i18n/locale-provider';
import { parseSqlLabUrl } from './initial-request';
import { MESSAGES, translatingToasts } from './sqllab-messages';
import { SqlLabView } from './sqllab-view';

const BOOTSTRAP = {
  result: {
    active_tab: null,
    tab_state_ids: [],
    databases: { 1: { id: 1, database_name: 'examples', backend: 'duckdb', allow_multi_catalog: false, expose_in_sqllab: true, allow_run_async: false, disable_data_preview: false } },
    queries: {},
    common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DEFAULT_DB_ID: 1 }, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
  },
};

describe('SqlLabView', () => {
  it('opens a saved query in a tab with a truncated name, adds untitled tabs and runs into the grid', async () => {
    const { client, calls } = createFakeServer({
      'GET /api/v1/sqllab/': () => BOOTSTRAP,
      'GET /api/v1/saved_query/3': () => ({ result: { id: 3, label: 'A saved query with a long name', db_id: 1, schema: 'main', catalog: null, sql: 'SELECT 1 AS a', template_parameters: null, description: null } }),
      'GET /api/v1/database/1/schemas/': () => ({ result: ['main'] }),
      'GET /api/v1/database/1/tables/': () => ({ result: [{ value: 'birth_names', type: 'table' }] }),
      'POST /api/v1/sqllab/execute/': (call) => ({
        status: 'success',
        query_id: 1,
        query: { id: (call.body as { client_id: string }).client_id, state: 'success', rows: 2, limitingFactor: 'DROPDOWN' },
        columns: [{ column_name: 'a', type: 'INT', is_dttm: false, type_generic: 0 }],
        data: [{ a: 1 }, { a: 2 }],
      }),
    });
    render(<SqlLabView api={client} user={ADMIN} toasts={createToastStore()} initialRequest={{ savedQueryId: 3 }} />);
    const tab = await screen.findByRole('tab', { name: 'A saved query with a…' });
    expect(tab.getAttribute('title')).toBe('A saved query with a long name');
    expect(tab.getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    expect(await screen.findByRole('tab', { name: 'Untitled Query 1' })).toBeTruthy();
    fireEvent.click(tab);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    });
    await waitFor(() => expect(document.querySelector('.bi-results[data-query-state="success"]')).not.toBeNull());
    expect(screen.getByText('The number of rows displayed is limited to 2 by the limit dropdown.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download to CSV' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/sqllab/execute/')!.body).toMatchObject({ sql: 'SELECT 1 AS a', database_id: 1, schema: 'main' });
  });

  it('speaks the locale of its LocaleProvider: toolbar, left bar, result tabs and the empty state', async () => {
    const { client } = createFakeServer({
      'GET /api/v1/sqllab/': () => BOOTSTRAP,
      'GET /api/v1/database/1/schemas/': () => ({ result: ['main'] }),
      'GET /api/v1/database/1/tables/': () => ({ result: [] }),
    });
    render(
      <LocaleProvider locale="ja">
        <SqlLabView api={client} user={ADMIN} toasts={createToastStore()} />
      </LocaleProvider>,
    );
    // The catalogue loads on demand: English first, then Japanese.
    await waitFor(() => expect(screen.getByRole('button', { name: '実行' })).toBeTruthy());
    expect(screen.getByRole('button', { name: '新しいタブ' }).getAttribute('title')).toBe('新しいタブ (Ctrl+T)');
    expect(screen.getByRole('tablist', { name: 'クエリタブ' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'データベースエクスプローラー' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: '結果' }).textContent).toBe('結果クエリ履歴');
    expect(screen.getByText('クエリを実行すると結果が表示されます')).toBeTruthy();
  });

  it('translates the spec messages its actions toast, and leaves a server error text as sent', () => {
    const store = createToastStore();
    const toasts = translatingToasts(store, () => (source) => `[ja] ${source}`);
    toasts.success(MESSAGES.querySaved);
    toasts.danger('relation "nope" does not exist');
    expect(store.toasts.value.map((toast) => toast.text)).toEqual(['[ja] Your query was saved', 'relation "nope" does not exist']);
  });

  it('reads the entry address', () => {
    expect(parseSqlLabUrl('/sqllab/p/abc123/', '')).toEqual({ permalinkKey: 'abc123' });
    expect(parseSqlLabUrl('/sqllab/', '?savedQueryId=3')).toEqual({ savedQueryId: 3 });
    expect(parseSqlLabUrl('/sqllab/', '?queryId=4&datasetId=5')).toEqual({ queryId: 4, datasetId: 5 });
    expect(parseSqlLabUrl('/sqllab/', '?dbid=1&sql=SELECT%201')).toEqual({ dbId: 1, sql: 'SELECT 1' });
  });
});
