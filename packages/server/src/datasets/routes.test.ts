import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, closeConnection } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { refreshDatasetColumns } from './columns';
import { createDataset } from './create';

const dir = mkdtempSync(join(tmpdir(), 'lumen-dsroutes-'));

describe.each(['sqlite', 'postgresql'] as const)('dataset routes (%s metadata)', (dialect) => {
  let t: TestApp;
  let dbId: number;
  const sourcePath = join(dir, `source-${dialect}.sqlite`);

  beforeAll(async () => {
    const source = new Database(sourcePath);
    source.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, amount REAL, status TEXT, created_at TIMESTAMP, old_col TEXT);
                 INSERT INTO orders VALUES (1, 10.5, 'open', '2024-01-01 10:00:00', 'x');`);
    source.close();
    t = await createTestApp({ dialect });
    const now = nowIso();
    const row = await t.ctx.store.db
      .insertInto('dbs')
      .values({
        uuid: crypto.randomUUID(), database_name: 'source', sqlalchemy_uri: `sqlite:///${sourcePath}`, password: null, backend: 'sqlite',
        expose_in_sqllab: 1, allow_run_async: 0, allow_dml: 1, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 0, allow_multi_catalog: 0,
        disable_data_preview: 0, cache_timeout: null, force_ctas_schema: null, impersonate_user: 0, configuration_method: 'sqlalchemy_form',
        extra: null, encrypted_extra: null, server_cert: null, is_managed_externally: 0, external_url: null,
        created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    dbId = Number(row.id);
  });
  afterAll(async () => {
    await t.close();
    await closeAllConnections();
    rmSync(sourcePath, { force: true });
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user = 'admin', payload?: unknown) =>
    t.app.inject({ method, url, headers: t.headers(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  const columnsOf = (id: number) =>
    t.ctx.store.db.selectFrom('table_columns').selectAll().where('table_id', '=', id).orderBy('id').execute();

  it('get_or_create creates once with the count metric, then returns the same id', async () => {
    const first = await inject('POST', '/api/v1/dataset/get_or_create/', 'alpha', { database_id: dbId, table_name: 'orders', schema: 'main' });
    expect(first.statusCode).toBe(200);
    const id = first.json().result.table_id;
    expect(Number.isInteger(id)).toBe(true);
    const again = await inject('POST', '/api/v1/dataset/get_or_create/', 'alpha', { database_id: dbId, table_name: 'orders', schema: 'main' });
    expect(again.json()).toEqual({ result: { table_id: id } });
    const columns = await columnsOf(id);
    expect(columns.map((c) => [c.column_name, c.is_dttm])).toEqual([['id', 0], ['amount', 0], ['status', 0], ['created_at', 1], ['old_col', 0]]);
    const dataset = await t.ctx.store.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(dataset.main_dttm_col).toBe('created_at');
    const metrics = await t.ctx.store.db.selectFrom('sql_metrics').selectAll().where('table_id', '=', id).execute();
    expect(metrics.map((m) => [m.metric_name, m.expression, m.verbose_name])).toEqual([['count', 'COUNT(*)', 'COUNT(*)']]);
    const owners = await t.ctx.store.db.selectFrom('sqlatable_user').select('user_id').where('dataset_id', '=', id).execute();
    expect(owners.map((o) => o.user_id)).toEqual([t.users.alpha.id]);
  });

  it('get_or_create rejects bad bodies and missing tables', async () => {
    const missing = await inject('POST', '/api/v1/dataset/get_or_create/', 'admin', { table_name: 'orders' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('database_id: Missing data for required field.');
    const noTable = await inject('POST', '/api/v1/dataset/get_or_create/', 'admin', { database_id: dbId, table_name: 'nope' });
    expect(noTable.statusCode).toBe(422);
    expect(noTable.json().message).toBe('Dataset could not be created.');
    const noDb = await inject('POST', '/api/v1/dataset/get_or_create/', 'admin', { database_id: 999, table_name: 'x' });
    expect(noDb.statusCode).toBe(422);
    expect((await inject('POST', '/api/v1/dataset/get_or_create/', 'gamma', { database_id: dbId, table_name: 'orders' })).statusCode).toBe(403);
  });

  it('refresh keeps user edits, adds new columns and deactivates vanished ones', async () => {
    const id = (await inject('POST', '/api/v1/dataset/get_or_create/', 'alpha', { database_id: dbId, table_name: 'orders', schema: 'main' })).json().result.table_id;
    await t.ctx.store.db.updateTable('table_columns').set({ verbose_name: 'Amount ($)', description: 'money' }).where('table_id', '=', id).where('column_name', '=', 'amount').execute();
    const source = new Database(sourcePath);
    source.exec('ALTER TABLE orders DROP COLUMN old_col; ALTER TABLE orders ADD COLUMN shipped_on DATE;');
    source.close();
    await closeConnection(dbId);
    expect((await inject('PUT', `/api/v1/dataset/${id}/refresh`, 'gamma')).statusCode).toBe(403);
    const other = await t.addUser(`writer_${dialect}`, ['Alpha']);
    const notOwner = await inject('PUT', `/api/v1/dataset/${id}/refresh`, other.username);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe('You do not have permission to edit this dataset');
    const res = await inject('PUT', `/api/v1/dataset/${id}/refresh`, 'alpha');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    const columns = await columnsOf(id);
    const byName = Object.fromEntries(columns.map((c) => [c.column_name, c]));
    expect(byName.amount).toMatchObject({ verbose_name: 'Amount ($)', description: 'money', is_active: 1 });
    expect(byName.old_col!.is_active).toBe(0);
    expect(byName.shipped_on).toMatchObject({ is_active: 1, is_dttm: 1, type: 'DATE' });
    expect((await inject('PUT', '/api/v1/dataset/99999/refresh')).statusCode).toBe(404);
  });

  it('creates virtual datasets from SQL and serves explore metadata', async () => {
    const id = await createDataset(t.ctx, null, {
      database_id: dbId,
      table_name: 'open_orders',
      sql: "SELECT id, amount * 2 AS double_amount, created_at FROM orders WHERE status = 'open';",
      metrics: [{ metric_name: 'sum__amount', expression: 'SUM(double_amount)', verbose_name: 'Total' }],
    });
    await refreshDatasetColumns(t.ctx, id);
    const columns = await columnsOf(id);
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'double_amount', 'created_at']);
    expect(columns.find((c) => c.column_name === 'created_at')!.is_dttm).toBe(1);
    const res = await inject('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`, 'gamma');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      uid: `${id}__table`,
      type: 'table',
      table_name: 'open_orders',
      main_dttm_col: 'created_at',
      kind: 'virtual',
      database: { id: dbId, database_name: 'source', backend: 'sqlite' },
      verbose_map: { __timestamp: 'Time', count: 'COUNT(*)', sum__amount: 'Total', id: 'id' },
    });
    expect(body.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['count', 'sum__amount']);
    expect(body.columns.find((c: { column_name: string }) => c.column_name === 'created_at')).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(body.granularity_sqla).toEqual([['created_at', 'created_at']]);
    expect(body.time_grain_sqla).toContainEqual(['P1D', 'Day']);
    expect((await inject('GET', '/superset/fetch_datasource_metadata?datasourceKey=abc')).statusCode).toBe(400);
    expect((await inject('GET', '/superset/fetch_datasource_metadata?datasourceKey=9999__table')).statusCode).toBe(404);
  });

  it('refuses calculated columns, metrics and predicates the engine parser rejects, naming them, and saves nothing', async () => {
    const id = await createDataset(t.ctx, null, { database_id: dbId, table_name: 'guarded_orders', sql: 'SELECT id, amount FROM orders' });
    await refreshDatasetColumns(t.ctx, id);
    const put = (body: object) => inject('PUT', `/api/v1/dataset/${id}`, 'admin', body);
    const metric = await put({ metrics: [{ metric_name: 'peek', expression: '(SELECT COUNT(*) FROM sqlite_master)' }] });
    expect(metric.statusCode).toBe(400);
    expect(metric.json().message).toBe("Metric 'peek': Custom SQL fields cannot contain sub-queries.");
    const column = await put({ columns: [{ column_name: 'id' }, { column_name: 'amount' }, { column_name: 'leak', expression: "readfile('/etc/passwd')" }] });
    expect(column.statusCode).toBe(400);
    expect(column.json().message).toMatch(/^Column 'leak': Invalid SQL in column: the function readfile is not allowed/);
    const predicate = await put({ fetch_values_predicate: 'amount > 0; DROP TABLE orders' });
    expect(predicate.statusCode).toBe(400);
    expect(predicate.json().message).toMatch(/^fetch_values_predicate: /);
    expect((await columnsOf(id)).map((c) => c.column_name)).not.toContain('leak');
    const ok = await put({ metrics: [{ metric_name: 'total', expression: 'SUM(amount) * 2' }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists related charts and dashboards', async () => {
    const id = (await inject('POST', '/api/v1/dataset/get_or_create/', 'admin', { database_id: dbId, table_name: 'orders', schema: 'main' })).json().result.table_id;
    const now = nowIso();
    const chart = await t.ctx.store.db
      .insertInto('slices')
      .values({
        uuid: crypto.randomUUID(), slice_name: 'Orders', viz_type: 'table', datasource_id: id, datasource_type: 'table', params: '{}', query_context: null,
        description: null, cache_timeout: null, certified_by: null, certification_details: null, is_managed_externally: 0, external_url: null,
        last_saved_at: null, last_saved_by_fk: null, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dashboard = await t.ctx.store.db
      .insertInto('dashboards')
      .values({
        uuid: crypto.randomUUID(), dashboard_title: 'Sales', slug: 'sales', css: null, description: null, json_metadata: '{}', position_json: null,
        published: 1, certified_by: null, certification_details: null, is_managed_externally: 0, external_url: null,
        created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: Number(dashboard.id), slice_id: Number(chart.id) }).execute();
    const res = await inject('GET', `/api/v1/dataset/${id}/related_objects`);
    expect(res.json()).toEqual({
      charts: { count: 1, result: [{ id: Number(chart.id), slice_name: 'Orders', viz_type: 'table' }] },
      dashboards: { count: 1, result: [{ id: Number(dashboard.id), title: 'Sales', slug: 'sales', json_metadata: '{}' }] },
    });
    expect((await inject('GET', '/api/v1/dataset/99999/related_objects')).statusCode).toBe(404);
  });
});
