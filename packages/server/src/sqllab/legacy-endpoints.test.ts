import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';

/** The incumbent's legacy SQL Lab endpoints, which older clients and CLIs still call. */
let t: TestApp;
let databaseId: number;

beforeAll(async () => {
  t = await createTestApp();
  const path = join(t.config.dataDir, 'shop.sqlite');
  const sqlite = new Database(path);
  sqlite.exec("CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT, amount REAL); INSERT INTO orders (region, amount) VALUES ('north', 10), ('south', 20), ('north', 5);");
  sqlite.close();
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({ uuid: 'legacy-shop', database_name: 'shop', sqlalchemy_uri: `sqlite:///${path}`, backend: 'sqlite', expose_in_sqllab: 1, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  databaseId = row.id;
  await t.addUser('reader', ['Gamma']);
});
afterAll(async () => {
  await t.close();
  await closeAllConnections();
});

const run = (url: string, payload: Record<string, unknown>, user = 'admin') => t.app.inject({ method: 'POST', url, headers: t.headers(user), payload: { database_id: databaseId, ...payload } });

describe('POST /superset/sql_json/', () => {
  it('runs SQL exactly as /api/v1/sqllab/execute/ does', async () => {
    const legacy = await run('/superset/sql_json/', { sql: 'SELECT region, amount FROM orders ORDER BY id', queryLimit: 2, client_id: 'legacy_1' });
    const current = await run('/api/v1/sqllab/execute/', { sql: 'SELECT region, amount FROM orders ORDER BY id', queryLimit: 2, client_id: 'current_1' });
    expect(legacy.statusCode).toBe(200);
    expect(Object.keys(legacy.json()).sort()).toEqual(Object.keys(current.json()).sort());
    expect(legacy.json().data).toEqual([{ region: 'north', amount: 10 }, { region: 'south', amount: 20 }]);
    expect(legacy.json().query.limitingFactor).toBe(current.json().query.limitingFactor);
  });

  it('keeps the guard and the permissions: every refusal is the same as on the API path', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sql: 'DELETE FROM orders' }, 'admin'],
      [{ sql: "SELECT * FROM read_csv('/etc/passwd')" }, 'admin'],
      [{ sql: 'ATTACH DATABASE "/tmp/x.sqlite" AS x' }, 'admin'],
      [{ sql: 'SELECT 1' }, 'reader'],
      [{ sql: 'SELECT 1', database_id: 424242 }, 'admin'],
      [{ sql: 42 }, 'admin'],
    ];
    for (const [payload, user] of cases) {
      const legacy = await run('/superset/sql_json/', payload, user);
      const current = await run('/api/v1/sqllab/execute/', payload, user);
      expect(legacy.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(legacy.statusCode, JSON.stringify(payload)).toBe(current.statusCode);
      expect(legacy.json().errors?.[0]?.error_type, JSON.stringify(payload)).toBe(current.json().errors?.[0]?.error_type);
    }
    const rows = await t.app.inject({ method: 'POST', url: '/superset/sql_json/', headers: t.headers('admin'), payload: { database_id: databaseId, sql: 'SELECT count(*) AS n FROM orders' } });
    expect(rows.json().data).toEqual([{ n: 3 }]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/superset/sql_json/', payload: { database_id: databaseId, sql: 'SELECT 1' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('virtual datasets as the incumbent\'s clients create them', () => {
  const vizForm = (data: unknown, user = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: '/superset/sqllab_viz/',
      headers: { ...t.headers(user), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
    });

  it('POST /superset/sqllab_viz/ creates a virtual dataset with the client\'s columns and answers {table_id, data}', async () => {
    const res = await vizForm({
      dbId: databaseId,
      datasourceName: 'north_orders',
      schema: null,
      sql: "SELECT id, region, amount FROM orders WHERE region = 'north'",
      columns: [{ name: 'id', type: 'INTEGER' }, { name: 'region', type: 'TEXT' }, { column_name: 'amount', type: 'REAL', is_date: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.table_id).toEqual(expect.any(Number));
    expect(body.data).toMatchObject({ id: body.table_id, type: 'table', table_name: 'north_orders', sql: "SELECT id, region, amount FROM orders WHERE region = 'north'" });
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/dataset/${body.table_id}`, headers: t.headers('admin') });
    expect(shown.json().result.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'region', 'amount']);
  });

  it('refuses what POST /api/v1/dataset/ refuses: no write permission, a duplicate name', async () => {
    const data = { dbId: databaseId, datasourceName: 'reader_try', sql: 'SELECT 1 AS one' };
    const legacy = await vizForm(data, 'reader');
    const current = await t.app.inject({ method: 'POST', url: '/api/v1/dataset/', headers: t.headers('reader'), payload: { database: databaseId, table_name: 'reader_try', sql: 'SELECT 1 AS one' } });
    expect(legacy.statusCode).toBe(403);
    expect(legacy.statusCode).toBe(current.statusCode);
    const duplicate = await vizForm({ dbId: databaseId, datasourceName: 'north_orders', sql: 'SELECT 1 AS one' });
    expect(duplicate.statusCode).toBe(422);
  });

  it('answers 400 naming the field for a malformed payload', async () => {
    const cases: [unknown, RegExp][] = [
      [[1, 2], /'data' field must be a JSON object/],
      [{ dbId: 'one', datasourceName: 'x', sql: 'SELECT 1' }, /'dbId' must be an integer/],
      [{ dbId: databaseId, sql: 'SELECT 1' }, /'datasourceName'/],
      [{ dbId: databaseId, datasourceName: 'x' }, /'sql' is required/],
      [{ dbId: databaseId, datasourceName: 'x', sql: 'SELECT 1', columns: [{ type: 'INT' }] }, /columns\[0\] needs a 'name'/],
    ];
    for (const [data, message] of cases) {
      const res = await vizForm(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/superset/sqllab_viz/', headers: { ...t.headers('admin'), 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(missing.statusCode).toBe(400);
  });

  it('POST /api/v1/dataset/ with sql creates a virtual dataset', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dataset/', headers: t.headers('admin'), payload: { database: databaseId, table_name: 'big_orders', sql: 'SELECT * FROM orders WHERE amount > 6' } });
    expect(res.statusCode).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/dataset/${res.json().id}`, headers: t.headers('admin') });
    expect(shown.json().result).toMatchObject({ kind: 'virtual', sql: 'SELECT * FROM orders WHERE amount > 6' });
  });
});
