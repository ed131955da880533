import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/** Tab persistence, table schemas, permalinks, query history and bootstrap on both metadata dialects. */
describe.each(METADATA_DIALECTS)('SQL Lab persistence on %s metadata', (dialect) => {
  let t: TestApp;
  let dbId: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'alpha', extraHeaders: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.headers(user), ...extraHeaders }, ...(payload === undefined ? {} : { payload: payload as string }) });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const now = nowIso();
    dbId = (
      await t.ctx.store.db
        .insertInto('dbs')
        .values({ uuid: `db-${Math.random()}`, database_name: 'mem', sqlalchemy_uri: 'duckdb:///:memory:', backend: 'duckdb', created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.addUser('alpha2', ['Alpha']);
  });
  afterAll(async () => {
    await t.close();
    await closeAllConnections();
  });

  it('creates, reads, updates, activates and deletes a tab (form posts and JSON)', async () => {
    const editor = { name: 'Untitled Query 1', dbId, schema: 'main', sql: 'SELECT 1', queryLimit: 100, templateParams: '{}', hideLeftBar: false, version: 1 };
    const created = await call('POST', '/tabstateview/', `queryEditor=${encodeURIComponent(JSON.stringify(editor))}`, 'alpha', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const second = (await call('POST', '/tabstateview/', { queryEditor: { name: 'Second', dbId } })).json().id;

    const run = await call('POST', '/api/v1/sqllab/execute/', { database_id: dbId, sql: 'SELECT 42 AS x', client_id: 'q_tab_1', sql_editor_id: String(id) });
    expect(run.statusCode).toBe(200);
    const put = await call('PUT', `/tabstateview/${id}`, `sql=${encodeURIComponent(JSON.stringify('SELECT 2'))}&latest_query_id=${encodeURIComponent('"q_tab_1"')}&hide_left_bar=true&extra_json=${encodeURIComponent(JSON.stringify({ updatedAt: 5, version: 1 }))}`, 'alpha', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toBe(id);
    expect((await call('PUT', `/tabstateview/${id}`, { label: 'Renamed', query_limit: 10 })).statusCode).toBe(200);
    expect((await call('PUT', `/tabstateview/${id}`, { latest_query_id: 'nope' })).statusCode).toBe(400);

    const tab = (await call('GET', `/tabstateview/${id}`)).json();
    expect(tab).toMatchObject({
      id, label: 'Renamed', active: false, database_id: dbId, schema: 'main', sql: 'SELECT 2', query_limit: 10, hide_left_bar: true,
      extra_json: { updatedAt: 5, version: 1 }, table_schemas: [], latest_query: { id: 'q_tab_1', state: 'success' },
    });
    expect((await call('POST', `/tabstateview/${id}/activate`)).json()).toBe(id);
    expect((await call('GET', `/tabstateview/${second}`)).json().active).toBe(false);

    const boot = (await call('GET', '/api/v1/sqllab/')).json().result;
    expect(boot.active_tab.id).toBe(id);
    expect(boot.tab_state_ids).toEqual([{ id, label: 'Renamed' }, { id: second, label: 'Second' }]);
    expect(boot.queries.q_tab_1).toMatchObject({ sqlEditorId: String(id) });
    expect(boot.databases[dbId]).toMatchObject({ database_name: 'mem', backend: 'duckdb', expose_in_sqllab: true });
    expect(boot.common.conf).toMatchObject({ DEFAULT_SQLLAB_LIMIT: t.config.sqllabDefaultLimit, SQL_MAX_ROW: t.config.sqllabMaxLimit });

    // Another user's tab does not exist for them.
    expect((await call('GET', `/tabstateview/${id}`, undefined, 'alpha2')).statusCode).toBe(404);
    expect((await call('DELETE', `/tabstateview/${id}`, undefined, 'alpha2')).statusCode).toBe(404);

    // Removing the latest query falls back to the previous one of the tab (none here).
    expect((await call('DELETE', `/tabstateview/${id}/query/q_tab_1`)).json()).toBe('OK');
    expect((await call('GET', `/tabstateview/${id}`)).json().latest_query).toBeNull();

    expect((await call('DELETE', `/tabstateview/${id}`)).json()).toBe('OK');
    expect((await call('GET', `/tabstateview/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/tabstateview/${id}`)).statusCode).toBe(404);
  });

  it('migrates a query into a tab', async () => {
    const tab = (await call('POST', '/tabstateview/', { queryEditor: JSON.stringify({ name: 'M', dbId }) })).json().id;
    await call('POST', '/api/v1/sqllab/execute/', { database_id: dbId, sql: 'SELECT 1', client_id: 'q_mig_1', sql_editor_id: 'local-tab' });
    expect((await call('POST', `/tabstateview/${tab}/migrate_query`, { queryId: 'q_mig_1' })).json()).toBe(tab);
    const row = await t.ctx.store.db.selectFrom('query').select('sql_editor_id').where('client_id', '=', 'q_mig_1').executeTakeFirstOrThrow();
    expect(row.sql_editor_id).toBe(String(tab));
  });

  it('adds, expands, collapses and removes table schemas', async () => {
    const tab = (await call('POST', '/tabstateview/', { queryEditor: { name: 'T', dbId } })).json().id;
    const table = { queryEditorId: tab, dbId, schema: 'main', name: 'birth_names', expanded: true, columns: [{ name: 'ds' }] };
    const created = await call('POST', '/tableschemaview/', `table=${encodeURIComponent(JSON.stringify(table))}`, 'alpha', { 'content-type': 'application/x-www-form-urlencoded' });
    const { id } = created.json();
    // Adding the same table again replaces it.
    const again = (await call('POST', '/tableschemaview/', { table })).json().id;
    expect(again).not.toBe(id);
    expect((await call('POST', `/tableschemaview/${again}/expanded`, { expanded: false })).json()).toEqual({ id: again, expanded: false });
    const state = (await call('GET', `/tabstateview/${tab}`)).json();
    expect(state.table_schemas).toEqual([
      { id: again, tab_state_id: tab, database_id: dbId, catalog: null, schema: 'main', table: 'birth_names', expanded: false, description: expect.objectContaining({ name: 'birth_names' }) },
    ]);
    expect((await call('POST', `/tableschemaview/${again}/expanded`, { expanded: true }, 'alpha2')).statusCode).toBe(404);
    expect((await call('POST', '/tableschemaview/', { table }, 'alpha2')).statusCode).toBe(404);
    expect((await call('DELETE', `/tableschemaview/${again}`)).json()).toBe('OK');
    expect((await call('DELETE', `/tableschemaview/${again}`)).statusCode).toBe(404);
  });

  it('answers 404 naming the flag when backend persistence is off', async () => {
    t.ctx.config.featureFlags.SqllabBackendPersistence = false;
    try {
      const res = await call('POST', '/tabstateview/', { queryEditor: { name: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/SqllabBackendPersistence/);
    } finally {
      t.ctx.config.featureFlags.SqllabBackendPersistence = true;
    }
  });

  it('round-trips a permalink under an unguessable key', async () => {
    const state = { name: 'Shared', dbId, catalog: null, schema: 'main', autorun: false, sql: 'SELECT 1', templateParams: '{"a": 1}' };
    const created = await call('POST', '/api/v1/sqllab/permalink', state);
    expect(created.statusCode).toBe(201);
    const { key, url } = created.json();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toMatch(new RegExp(`/sqllab/p/${key}$`));
    expect((await call('GET', `/api/v1/sqllab/permalink/${key}`, undefined, 'gamma')).json()).toEqual(state);
    expect((await call('GET', `/api/v1/sqllab/permalink/kv:${key}`)).json()).toEqual(state);
    expect((await call('GET', '/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/sqllab/permalink', { dbId })).statusCode).toBe(400);
  });

  it('lists own queries (admins see all) and shows one', async () => {
    await call('POST', '/api/v1/sqllab/execute/', { database_id: dbId, sql: 'SELECT 7 AS seven', client_id: 'q_list_1', tab: 'Tab A' }, 'alpha2');
    const own = (await call('GET', "/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:seven)))", undefined, 'alpha2')).json();
    expect(own.count).toBe(1);
    expect(own.result[0]).toMatchObject({ sql: 'SELECT 7 AS seven', status: 'success', tab_name: 'Tab A', database: { database_name: 'mem' } });
    expect((await call('GET', "/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:seven)))")).json().count).toBe(0);
    expect((await call('GET', "/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:seven)))", undefined, 'admin')).json().count).toBe(1);
    const id = own.result[0].id;
    const shown = (await call('GET', `/api/v1/query/${id}`, undefined, 'alpha2')).json();
    expect(shown.result).toMatchObject({ database: { id: dbId }, sql: 'SELECT 7 AS seven', tab_name: 'Tab A', client_id: 'q_list_1', catalog: null, schema: null });
    expect((await call('GET', `/api/v1/query/${id}`)).statusCode).toBe(404);
  });
});
