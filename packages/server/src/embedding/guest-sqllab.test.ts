import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { guestTokenKey, mintGuestToken, SQLLAB_GRANT_WITH_RLS_MESSAGE } from './guest-tokens';
import { seedDashboard, seedSalesDataset } from './test-seed';

/**
 * A guest token that grants SQL Lab on named databases (resources of type `sqllab`), end to end over a real
 * SQLite file and a writable DuckDB file: what such a guest may run and browse, and everything it may not.
 */
let t: TestApp;
let peopleId: number;
let scratchId: number;
let secretId: number;
let hiddenId: number;
let dashboardId: number;

async function addDatabase(name: string, uri: string, backend: string, flags: Record<string, number> = {}): Promise<number> {
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({ uuid: `db-${name}`, database_name: name, sqlalchemy_uri: uri, backend, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null, expose_in_sqllab: 1, ...flags } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A role holding exactly these pairs, for a granter with less than an admin. */
async function addRole(name: string, pairs: [string, string][]): Promise<void> {
  const { db } = t.ctx.store;
  const role = await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
  for (const [permission, view_menu] of pairs) {
    let pv = await db.selectFrom('ab_permission_view').select('id').where('permission', '=', permission).where('view_menu', '=', view_menu).executeTakeFirst();
    if (!pv) pv = await db.insertInto('ab_permission_view').values({ permission, view_menu }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('ab_permission_view_role').values({ permission_view_id: pv.id, role_id: role.id }).execute();
  }
}

const mint = (body: Record<string, unknown>, user = 'admin') =>
  t.app.inject({ method: 'POST', url: '/api/v1/security/guest_token/', headers: t.headers(user), payload: { user: { username: 'analyst' }, rls: [], ...body } });

async function sqlLabToken(databaseIds: number[]): Promise<string> {
  const res = await mint({ resources: databaseIds.map((id) => ({ type: 'sqllab', id })) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const asGuest = (token: string) => ({ 'x-guesttoken': token });
const run = (token: string, database_id: number, sql: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: asGuest(token), payload: { database_id, sql, ...extra } });

beforeAll(async () => {
  t = await createTestApp();
  const peoplePath = join(t.config.dataDir, 'people.sqlite');
  const sqlite = new Database(peoplePath);
  sqlite.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO people (name) VALUES ('ada'), ('alan'), ('grace');");
  sqlite.close();
  peopleId = await addDatabase('people', `sqlite:///${peoplePath}`, 'sqlite');
  scratchId = await addDatabase('scratch', `duckdb:///${join(t.config.dataDir, 'scratch.duckdb')}`, 'duckdb', { allow_dml: 1, allow_ctas: 1, allow_cvas: 1, allow_run_async: 1 });
  const admin = t.headers('admin');
  const setup = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: admin, payload: { database_id: scratchId, sql: 'CREATE TABLE notes AS SELECT 1 AS id' } });
  expect(setup.statusCode, setup.body).toBe(200);
  secretId = await addDatabase('secret', `sqlite:///${peoplePath}`, 'sqlite');
  hiddenId = await addDatabase('hidden', `sqlite:///${peoplePath}`, 'sqlite', { expose_in_sqllab: 0 });
  dashboardId = (await seedDashboard(t, { title: 'D', datasetIds: [await seedSalesDataset(t, 'sales')] })).dashboardId;
  await addRole('granter_without_sql', [['can_grant_guest_token', 'SecurityRestApi'], ['can_sqllab', 'Superset']]);
  await t.addUser('granter', ['Gamma', 'granter_without_sql']);
}, 60_000);

afterAll(async () => {
  await t.close();
  await closeAllConnections();
});

describe('minting a SQL Lab grant', () => {
  it('refuses a SQL Lab grant together with RLS rules, naming why', async () => {
    const res = await mint({ resources: [{ type: 'sqllab', id: peopleId }], rls: [{ clause: '1 = 1' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`resources[0]: ${SQLLAB_GRANT_WITH_RLS_MESSAGE}`);
  });

  it('refuses a database that does not exist or is not exposed in SQL Lab, naming the resource', async () => {
    for (const id of [999_999, hiddenId]) {
      const res = await mint({ resources: [{ type: 'sqllab', id }] });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().message).toMatch(/^resources\[0\]\.id: /);
    }
    const bad = await mint({ resources: [{ type: 'sqllab', id: 'people' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('resources[0].id: must be a database id (positive integer)');
  });

  it('never grants more SQL than the granter may run: a granter without the database grant is refused', async () => {
    const res = await mint({ resources: [{ type: 'sqllab', id: peopleId }] }, 'granter');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toMatch(/^resources\[0\]\.id: /);
  });

  it('verifies a forged token with both a SQL Lab grant and RLS as invalid (the check holds on every request too)', async () => {
    const forged = await mintGuestToken(t.config, { user: { username: 'x', first_name: '', last_name: '' }, resources: [{ type: 'sqllab', id: String(peopleId) }], rls_rules: [{ clause: '1 = 1' }] }, 'localhost:80');
    const res = await run(forged, peopleId, 'SELECT 1');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].extra.guest_token_error).toBe('TOKEN_INVALID');
  });
});

describe('a guest with a SQL Lab grant', () => {
  it('runs SELECTs on a granted database and gets the rows inline', async () => {
    const token = await sqlLabToken([peopleId]);
    const res = await run(token, peopleId, 'SELECT name FROM people ORDER BY id');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((row: { name: string }) => row.name)).toEqual(['ada', 'alan', 'grace']);
  });

  it('sees only its databases: another database is the same 404 as a missing one, in SQL Lab and when browsing', async () => {
    const token = await sqlLabToken([peopleId]);
    expect((await run(token, secretId, 'SELECT 1')).statusCode).toBe(404);
    expect((await run(token, 999_999, 'SELECT 1')).statusCode).toBe(404);
    const boot = await t.app.inject({ method: 'GET', url: '/api/v1/sqllab/', headers: asGuest(token) });
    expect(boot.statusCode, boot.body).toBe(200);
    expect(Object.keys(boot.json().result.databases)).toEqual([String(peopleId)]);
    expect(boot.json().result.common.feature_flags.SQLLAB_BACKEND_PERSISTENCE).toBe(false);
    const tables = await t.app.inject({ method: 'GET', url: `/api/v1/database/${peopleId}/tables/?q=(schema_name:main)`, headers: asGuest(token) });
    expect(tables.statusCode, tables.body).toBe(200);
    expect(tables.json().result.map((table: { value: string }) => table.value)).toContain('people');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/database/${secretId}/schemas/`, headers: asGuest(token) })).statusCode).toBe(404);
  });

  it('cannot write, even on a connection that allows DML, CTAS and async runs', async () => {
    const token = await sqlLabToken([scratchId]);
    for (const sql of ['INSERT INTO notes VALUES (2)', 'DROP TABLE notes', 'CREATE TABLE stolen AS SELECT 1']) {
      const res = await run(token, scratchId, sql);
      expect(res.statusCode, sql).toBeGreaterThanOrEqual(400);
    }
    const ctas = await run(token, scratchId, 'SELECT 1 AS x', { select_as_cta: true, tmp_table_name: 'stolen' });
    expect(ctas.statusCode).toBeGreaterThanOrEqual(400);
    const admin = t.headers('admin');
    const notes = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: admin, payload: { database_id: scratchId, sql: 'SELECT count(*) AS n FROM notes' } });
    expect(notes.json().data[0].n).toBe(1);
    const asyncRun = await run(token, scratchId, 'SELECT 42 AS answer', { runAsync: true });
    expect(asyncRun.statusCode, asyncRun.body).toBe(200);
    expect(asyncRun.json().data[0].answer).toBe(42);
  });

  it('estimates and validates without writing, even with statements that would', async () => {
    const token = await sqlLabToken([scratchId]);
    const copy = join(t.config.dataDir, 'guest-copy.csv');
    for (const sql of ['DELETE FROM notes', 'DROP TABLE notes', `COPY notes TO '${copy}'`, 'SELECT 1; DELETE FROM notes']) {
      for (const url of ['/api/v1/sqllab/estimate/', `/api/v1/database/${scratchId}/validate_sql/`]) {
        await t.app.inject({ method: 'POST', url, headers: asGuest(token), payload: { database_id: scratchId, sql } });
      }
    }
    const admin = t.headers('admin');
    const notes = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: admin, payload: { database_id: scratchId, sql: 'SELECT count(*) AS n FROM notes' } });
    expect(notes.json().data[0].n).toBe(1);
    expect(existsSync(copy)).toBe(false);
  });

  it('has no stored results, saved tabs, permalinks, query history or saved queries', async () => {
    const token = await sqlLabToken([peopleId]);
    const calls = [
      { method: 'GET', url: "/api/v1/sqllab/results/?q=(key:'abc')" },
      { method: 'GET', url: '/api/v1/query/' },
      { method: 'POST', url: '/tabstateview/', payload: { queryEditor: '{}' } },
      { method: 'POST', url: '/api/v1/sqllab/permalink', payload: {} },
      { method: 'GET', url: '/api/v1/saved_query/' },
      { method: 'GET', url: '/api/v1/database/' },
      { method: 'GET', url: `/api/v1/database/${peopleId}` },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: asGuest(token) } as never);
      expect([401, 403, 404], `${call.method} ${call.url}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('is a separate grant from dashboard viewing: a dashboard token runs no SQL and a SQL Lab token sees no dashboard', async () => {
    const dashboardToken = (await mint({ resources: [{ type: 'dashboard', id: dashboardId }] })).json().token as string;
    expect((await run(dashboardToken, peopleId, 'SELECT 1')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/database/${peopleId}/schemas/`, headers: asGuest(dashboardToken) })).statusCode).toBe(403);
    const sqlToken = await sqlLabToken([peopleId]);
    const dashboard = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashboardId}`, headers: asGuest(sqlToken) });
    expect([403, 404]).toContain(dashboard.statusCode);
  });

  it('refuses a token whose sqllab id is not a database id', async () => {
    const token = await new SignJWT({ user: { username: 'x' }, resources: [{ type: 'sqllab', id: '1 OR 1=1' }], rls_rules: [], type: 'guest' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .setAudience('localhost:80')
      .sign(guestTokenKey(t.config));
    expect((await run(token, peopleId, 'SELECT 1')).statusCode).toBe(401);
  });
});

describe('client ids of guest queries', () => {
  it('keeps the client id a guest sends, and never answers with an existing query of that id', async () => {
    const token = await sqlLabToken([peopleId]);
    const first = await run(token, peopleId, 'SELECT 1 AS one', { client_id: 'guestQ1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().query.id).toBe('guestQ1');
    const other = await sqlLabToken([peopleId]);
    const again = await run(other, peopleId, 'SELECT 2 AS two', { client_id: 'guestQ1' });
    expect(again.statusCode).toBe(400);
    expect(again.body).not.toContain('SELECT 1');
  });
});
