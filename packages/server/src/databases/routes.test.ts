import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';

const dir = mkdtempSync(join(tmpdir(), 'lumen-dbroutes-'));
const sourcePath = join(dir, 'source.sqlite');

function makeSource(): void {
  const db = new Database(sourcePath);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE "order lines" (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), amount REAL, created_at DATETIME);
    CREATE INDEX ix_lines_created ON "order lines"(created_at);
    CREATE VIEW big_lines AS SELECT * FROM "order lines" WHERE amount > 100;
    INSERT INTO customers VALUES (1, 'Ada');
    INSERT INTO "order lines" VALUES (1, 1, 120.5, '2024-01-02 03:04:05');`);
  db.close();
}

async function addDatabase(t: TestApp, name: string, uri: string): Promise<number> {
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({
      uuid: crypto.randomUUID(), database_name: name, sqlalchemy_uri: uri, password: null, backend: uri.split(':')[0]!.split('+')[0]!,
      expose_in_sqllab: 1, allow_run_async: 0, allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 0, allow_multi_catalog: 0,
      disable_data_preview: 0, cache_timeout: null, force_ctas_schema: null, impersonate_user: 0, configuration_method: 'sqlalchemy_form',
      extra: null, encrypted_extra: null, server_cert: null, is_managed_externally: 0, external_url: null,
      created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.each(['sqlite', 'postgresql'] as const)('database routes (%s metadata)', (dialect) => {
  let t: TestApp;
  let dbId: number;
  let pgId: number;

  beforeAll(async () => {
    makeSource();
    t = await createTestApp({ dialect });
    dbId = await addDatabase(t, 'source', `sqlite:///${sourcePath}`);
    pgId = await addDatabase(t, 'pg', 'postgresql://postgres@127.0.0.1:5432/test');
  });
  afterAll(async () => {
    await t.close();
    await closeAllConnections();
    rmSync(sourcePath, { force: true });
  });

  const get = (url: string, user = 'admin') => t.app.inject({ method: 'GET', url, headers: t.headers(user) });
  const post = (url: string, payload: unknown, user = 'admin') => t.app.inject({ method: 'POST', url, payload: payload as object, headers: t.headers(user) });

  it('lists schemas, catalogs and tables', async () => {
    expect((await get(`/api/v1/database/${dbId}/schemas/`)).json()).toEqual({ result: ['main'] });
    expect((await get(`/api/v1/database/${dbId}/schemas/?q=(force:!t)`)).json()).toEqual({ result: ['main'] });
    expect((await get(`/api/v1/database/${dbId}/catalogs/`)).json()).toEqual({ result: [] });
    const pgCatalogs = (await get(`/api/v1/database/${pgId}/catalogs/`)).json();
    expect(pgCatalogs.result).toContain('test');
    expect([...pgCatalogs.result].sort()).toEqual(pgCatalogs.result);
    const tables = await get(`/api/v1/database/${dbId}/tables/?q=(force:!f,schema_name:main)`);
    expect(tables.statusCode).toBe(200);
    expect(tables.json()).toEqual({
      count: 3,
      result: [
        { value: 'big_lines', type: 'view', extra: null },
        { value: 'customers', type: 'table', extra: null },
        { value: 'order lines', type: 'table', extra: null },
      ],
    });
    // gamma reads databases too (can_read on Database)
    expect((await get(`/api/v1/database/${dbId}/tables/?q=(schema_name:main)`, 'gamma')).statusCode).toBe(200);
  });

  it('describes a table', async () => {
    const res = await get(`/api/v1/database/${dbId}/table_metadata/?name=${encodeURIComponent('order lines')}&schema=main`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('order lines');
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'customer_id', 'amount', 'created_at']);
    expect(body.columns[3]).toMatchObject({ type: 'DATETIME', is_dttm: true });
    expect(body.primaryKey).toEqual({ column_names: ['id'], name: null, type: 'pk' });
    expect(body.foreignKeys[0]).toMatchObject({ column_names: ['customer_id'], referred_table: 'customers', referred_columns: ['id'], type: 'fk' });
    expect(body.indexes[0]).toMatchObject({ name: 'ix_lines_created', column_names: ['created_at'], type: 'index' });
    expect(body.selectStar).toContain('FROM "main"."order lines"');
    expect((await get(`/api/v1/database/${dbId}/table_metadata/extra/?name=customers&schema=main`)).json()).toEqual({});
    const star = await get(`/api/v1/database/${dbId}/select_star/customers/?schema_name=main`);
    expect(star.json()).toEqual({ result: 'SELECT *\nFROM "main"."customers"\nLIMIT 100' });
    expect((await get(`/api/v1/database/${dbId}/select_star/customers/main/`)).statusCode).toBe(200);
  });

  it('answers 400, 403 and 404 on bad requests', async () => {
    expect((await get(`/api/v1/database/${dbId}/schemas/?q=(force:`)).statusCode).toBe(400);
    const unknownKey = await get(`/api/v1/database/${dbId}/tables/?q=(nope:1)`);
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toMatch(/Unknown key 'nope'/);
    expect((await get(`/api/v1/database/${dbId}/tables/?q=(force:yes)`)).json().message).toMatch(/'force' must be a boolean/);
    expect((await get(`/api/v1/database/${dbId}/table_metadata/`)).statusCode).toBe(400);
    expect((await get('/api/v1/database/9999/schemas/')).statusCode).toBe(404);
    expect((await get('/api/v1/database/abc/schemas/')).statusCode).toBe(404);
    const missingTable = await get(`/api/v1/database/${dbId}/table_metadata/?name=nope`);
    expect(missingTable.statusCode).toBe(404);
    expect(missingTable.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    const nobody = await t.addUser(`nobody_${dialect}`, []);
    expect((await get(`/api/v1/database/${dbId}/schemas/`, nobody.username)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/database/${dbId}/schemas/` })).statusCode).toBe(401);
  });

  it('tests connections', async () => {
    expect((await post('/api/v1/database/test_connection/', { sqlalchemy_uri: `sqlite:///${sourcePath}` })).json()).toEqual({ message: 'OK' });
    expect((await post('/api/v1/database/test_connection/', { sqlalchemy_uri: 'postgresql+psycopg2://postgres@127.0.0.1:5432/test' })).json()).toEqual({ message: 'OK' });
    const params = await post('/api/v1/database/test_connection/', {
      engine: 'mysql',
      configuration_method: 'dynamic_form',
      parameters: { host: '127.0.0.1', port: 3306, username: 'root', password: '', database: 'test' },
    });
    expect(params.json()).toEqual({ message: 'OK' });
    const denied = await post('/api/v1/database/test_connection/', { sqlalchemy_uri: 'mysql://root:wrong@127.0.0.1:3306/test' });
    expect(denied.statusCode).toBe(422);
    expect(denied.json().errors[0]).toMatchObject({
      error_type: 'CONNECTION_ACCESS_DENIED_ERROR',
      message: 'Either the username "root" or the password is incorrect.',
      extra: { engine_name: 'MySQL', issue_codes: [{ code: 1014 }, { code: 1015 }] },
    });
    const closed = await post('/api/v1/database/test_connection/', { sqlalchemy_uri: 'postgresql://u:secret@127.0.0.1:1/x' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors[0].error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
    expect(closed.body).not.toContain('secret');
    expect((await post('/api/v1/database/test_connection/', { sqlalchemy_uri: 'nonsense' })).statusCode).toBe(400);
    expect((await post('/api/v1/database/test_connection/', {})).statusCode).toBe(400);
    expect((await post('/api/v1/database/test_connection/', { sqlalchemy_uri: `sqlite:///${sourcePath}` }, 'gamma')).statusCode).toBe(403);
  });

  it('validates parameters', async () => {
    const missing = await post('/api/v1/database/validate_parameters/', { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '127.0.0.1' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      {
        message: 'One or more parameters are missing: database, port, username',
        error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
        level: 'error',
        extra: {
          engine_name: 'PostgreSQL',
          missing: ['database', 'port', 'username'],
          invalid: ['database', 'port', 'username'],
          fields: { database: 'This is a required field', port: 'This is a required field', username: 'This is a required field' },
          issue_codes: [{ code: 1018, message: 'Issue 1018 - One or more parameters needed to configure a database are missing.' }],
        },
      },
    ]);
    const badHost = await post('/api/v1/database/validate_parameters/', {
      engine: 'postgresql',
      parameters: { host: 'no-such-host.invalid', port: 5432, username: 'u', database: 'd' },
      catalog: [{ name: 'a', value: 'b' }],
    });
    expect(badHost.json().errors[0]).toMatchObject({ error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR', extra: { invalid: ['host'] } });
    const closedPort = await post('/api/v1/database/validate_parameters/', { engine: 'postgresql', parameters: { host: '127.0.0.1', port: 1, username: 'u', database: 'd' } });
    expect(closedPort.json().errors[0]).toMatchObject({ error_type: 'CONNECTION_PORT_CLOSED_ERROR', message: 'The port is closed.' });
    const denied = await post('/api/v1/database/validate_parameters/', { engine: 'mysql', parameters: { host: '127.0.0.1', port: 3306, username: 'root', password: 'bad', database: 'test' } });
    expect(denied.json().errors[0]).toMatchObject({ error_type: 'CONNECTION_ACCESS_DENIED_ERROR', extra: { invalid: ['username', 'password'] } });
    const ok = await post('/api/v1/database/validate_parameters/', { engine: 'postgresql', parameters: { host: '127.0.0.1', port: 5432, username: 'postgres', database: 'test' } });
    expect(ok.json()).toEqual({ message: 'OK' });
    const unknown = await post('/api/v1/database/validate_parameters/', { engine: 'oracle', parameters: {} });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].message).toBe('Engine "oracle" is not a valid engine.');
  });

  it('lists available engines', async () => {
    const res = await get('/api/v1/database/available/');
    expect(res.statusCode).toBe(200);
    const engines = res.json().databases;
    expect(engines.map((e: { engine: string }) => e.engine)).toEqual(['postgresql', 'mysql', 'duckdb', 'sqlite']);
    expect(engines[0]).toMatchObject({
      name: 'PostgreSQL',
      default_driver: 'psycopg2',
      preferred: true,
      sqlalchemy_uri_placeholder: expect.stringContaining('postgresql://'),
      parameters: { type: 'object', required: ['database', 'host', 'port', 'username'] },
    });
    expect(Object.keys(engines[0].parameters.properties)).toEqual(['host', 'port', 'username', 'password', 'database', 'query', 'encryption']);
  });
});
