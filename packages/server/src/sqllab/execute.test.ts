import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { ensureExamples } from '../examples';
import { nowIso } from '../metadata/connect';
import { createTestApp, TEST_PG_URL, type TestApp } from '../testing/harness';
import { getSqlLabState } from './state';

/** SQL Lab execution end to end over real engines: the examples DuckDB, a SQLite file and PostgreSQL. */
let t: TestApp;
let examplesId: number;
let duckRwId: number;
let sqliteId: number;
let pgId: number;

async function addDatabase(name: string, uri: string, backend: string, flags: Record<string, number> = {}): Promise<number> {
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({ uuid: `db-${Math.random()}`, database_name: name, sqlalchemy_uri: uri, backend, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null, ...flags } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const execute = (payload: Record<string, unknown>, user = 'alpha') =>
  t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers(user), payload: { database_id: examplesId, ...payload } });

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const LONG_DUCKDB_QUERY = 'SELECT count(*) FROM range(1000000000) a CROSS JOIN range(1000) b WHERE a.range + b.range = -1';

beforeAll(async () => {
  t = await createTestApp({ config: { examplesEventsRows: 20_000 } });
  await ensureExamples(t.ctx);
  examplesId = (await t.ctx.store.db.selectFrom('dbs').select('id').where('database_name', '=', 'examples').executeTakeFirstOrThrow()).id;
  duckRwId = await addDatabase('scratch', `duckdb:///${join(t.config.dataDir, 'scratch.duckdb')}`, 'duckdb', { allow_dml: 1, allow_ctas: 1, allow_cvas: 1 });
  const sqlitePath = join(t.config.dataDir, 'source.sqlite');
  const sqlite = new Database(sqlitePath);
  sqlite.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, born TEXT); INSERT INTO people (name, born) VALUES ('ada', '1815-12-10'), ('alan', '1912-06-23'), ('grace', '1906-12-09');");
  sqlite.close();
  sqliteId = await addDatabase('people', `sqlite:///${sqlitePath}`, 'sqlite');
  pgId = await addDatabase('pg', `${TEST_PG_URL}/postgres`, 'postgresql');
}, 120_000);

afterAll(async () => {
  await t.close();
  await closeAllConnections();
});

describe('POST /api/v1/sqllab/execute/ (sync)', () => {
  it('runs a query on the examples DuckDB and answers the incumbent payload', async () => {
    const res = await execute({ sql: 'SELECT name, SUM(num) AS total FROM birth_names GROUP BY name ORDER BY total DESC', client_id: 'c_sync_1', sql_editor_id: '7', tab: 'Untitled Query 1', queryLimit: 5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', query_id: expect.any(Number), expanded_columns: [] });
    expect(body.columns).toEqual([
      { column_name: 'name', name: 'name', type: 'VARCHAR', is_dttm: false, type_generic: 1 },
      expect.objectContaining({ column_name: 'total', type_generic: 0 }),
    ]);
    expect(body.selected_columns).toEqual(body.columns);
    expect(body.data).toHaveLength(5);
    expect(Object.keys(body.data[0])).toEqual(['name', 'total']);
    expect(body.query).toMatchObject({
      id: 'c_sync_1', queryId: body.query_id, dbId: examplesId, db: 'examples', state: 'success', limit: 5, limitingFactor: 'DROPDOWN',
      rows: 5, progress: 100, sqlEditorId: '7', tab: 'Untitled Query 1', ctas: false, resultsKey: expect.any(String), userId: t.users.alpha.id,
    });
    expect(body.query.executedSql).toMatch(/LIMIT 6$/);
  });

  it('reports limiting factors like the incumbent', async () => {
    const factor = async (sql: string, queryLimit?: number) => (await execute({ sql, queryLimit })).json().query.limitingFactor;
    expect(await factor('SELECT * FROM range(3)', 10)).toBe('NOT_LIMITED');
    expect(await factor('SELECT * FROM range(100) LIMIT 5', 10)).toBe('QUERY');
    expect(await factor('SELECT * FROM range(100) LIMIT 10', 10)).toBe('QUERY_AND_DROPDOWN');
    expect(await factor('SELECT * FROM range(100) LIMIT 50', 10)).toBe('DROPDOWN');
    const capped = await execute({ sql: 'SELECT * FROM events', queryLimit: 10_000_000 });
    expect(capped.json().query.limit).toBe(t.config.sqllabMaxLimit);
    const defaulted = await execute({ sql: 'SELECT * FROM events' });
    expect(defaulted.json().data).toHaveLength(t.config.sqllabDefaultLimit);
  });

  it('renders template params and refuses unparseable ones', async () => {
    const res = await execute({ sql: 'SELECT {{ n }} AS n, {{ s }} AS s', templateParams: JSON.stringify({ n: 3, s: "it's" }) });
    expect(res.json().data).toEqual([{ n: 3, s: "it's" }]);
    const bad = await execute({ sql: 'SELECT {{ n }}', templateParams: '{nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });

  it('refuses DML without allow_dml and records the refusal', async () => {
    const res = await execute({ sql: 'SELECT 1; DROP TABLE birth_names', client_id: 'c_dml_1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ error_type: 'DML_NOT_ALLOWED_ERROR', message: expect.stringMatching(/does not allow for DDL\/DML/) });
    const row = await t.ctx.store.db.selectFrom('query').selectAll().where('client_id', '=', 'c_dml_1').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('runs several statements in order and returns the last one, with DML allowed', async () => {
    const res = await execute({ database_id: duckRwId, sql: 'CREATE OR REPLACE TABLE t AS SELECT range AS x FROM range(4);\nINSERT INTO t VALUES (10);\nSELECT sum(x) AS s FROM t' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ s: 16 }]);
  });

  it('creates a table or view from a SELECT (CTAS/CVAS) and refuses it where not allowed', async () => {
    const ctas = await execute({ database_id: duckRwId, sql: 'SELECT 42 AS answer', select_as_cta: true, tmp_table_name: 'answers', ctas_method: 'TABLE' });
    expect(ctas.statusCode).toBe(200);
    expect(ctas.json().query).toMatchObject({ ctas: true, tempTable: 'answers' });
    expect((await execute({ database_id: duckRwId, sql: 'SELECT * FROM answers' })).json().data).toEqual([{ answer: 42 }]);
    const refused = await execute({ sql: 'SELECT 1', select_as_cta: true, tmp_table_name: 'x' });
    expect(refused.json().errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const notSelect = await execute({ database_id: duckRwId, sql: 'SELECT 1; DELETE FROM t', select_as_cta: true, ctas_method: 'VIEW' });
    expect(notSelect.json().errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
  });

  it('refuses file-reading statements on every database, even with DML allowed', async () => {
    for (const sql of ["SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM '/etc/passwd'", "ATTACH '/tmp/x.db'", "COPY (SELECT 1) TO '/tmp/x.csv'"]) {
      const res = await execute({ database_id: duckRwId, sql });
      expect(res.statusCode, sql).toBe(403);
      expect(res.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    }
  });

  it('runs on SQLite and PostgreSQL databases', async () => {
    const sqlite = await execute({ database_id: sqliteId, sql: 'SELECT name FROM people ORDER BY id', queryLimit: 2 });
    expect(sqlite.json()).toMatchObject({ data: [{ name: 'ada' }, { name: 'alan' }], query: { limitingFactor: 'DROPDOWN', rows: 2 } });
    const pg = await execute({ database_id: pgId, sql: 'SELECT n, n * 2 AS twice FROM generate_series(1, 50) AS n', queryLimit: 10 });
    expect(pg.statusCode).toBe(200);
    expect(pg.json().data.slice(0, 2)).toEqual([{ n: 1, twice: 2 }, { n: 2, twice: 4 }]);
    expect(pg.json().query.limitingFactor).toBe('DROPDOWN');
  });

  it('refuses users without SQL Lab and unknown or hidden databases', async () => {
    const gamma = await execute({ sql: 'SELECT 1' }, 'gamma');
    expect(gamma.statusCode).toBe(403);
    expect(gamma.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    expect((await execute({ database_id: 99_999, sql: 'SELECT 1' })).statusCode).toBe(404);
  });

  it('times out with SQLLAB_TIMEOUT_ERROR and status timed_out', async () => {
    const before = t.ctx.config.sqllabTimeoutSeconds;
    t.ctx.config.sqllabTimeoutSeconds = 1;
    try {
      const started = Date.now();
      const res = await execute({ sql: LONG_DUCKDB_QUERY, client_id: 'c_timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(408);
      expect(res.json().errors[0]).toMatchObject({ error_type: 'SQLLAB_TIMEOUT_ERROR', message: 'The query exceeded the 1 seconds timeout.' });
      const row = await t.ctx.store.db.selectFrom('query').select('status').where('client_id', '=', 'c_timeout').executeTakeFirstOrThrow();
      expect(row.status).toBe('timed_out');
    } finally {
      t.ctx.config.sqllabTimeoutSeconds = before;
    }
  });
});

describe('async execution, results and stop', () => {
  it('answers 202, runs in the runner and serves results to the owner only', async () => {
    const since = Date.now() - 1000;
    const res = await execute({ sql: 'SELECT * FROM sales ORDER BY 1', runAsync: true, client_id: 'c_async_1', queryLimit: 7 });
    expect(res.statusCode).toBe(202);
    expect(res.json().query).toMatchObject({ id: 'c_async_1', state: 'pending', progress: 0 });
    const done = await waitFor(async () => {
      const poll = await t.app.inject({ method: 'GET', url: `/api/v1/query/updated_since?q=(last_updated_ms:${since})`, headers: t.headers('alpha') });
      return poll.json().result.find((q: { id: string; state: string }) => q.id === 'c_async_1' && q.state === 'success');
    });
    expect(done).toMatchObject({ rows: 7, limitingFactor: 'DROPDOWN', resultsKey: expect.any(String) });
    const results = await t.app.inject({ method: 'GET', url: `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}',rows:3)`, headers: t.headers('alpha') });
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ status: 'success', query: { id: 'c_async_1', state: 'success' } });
    expect(results.json().data).toHaveLength(3);
    await t.addUser('alpha2', ['Alpha']);
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`, headers: t.headers('alpha2') });
    expect(other.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/sqllab/results/?q=(key:'nope')`, headers: t.headers('alpha') });
    expect(unknown.statusCode).toBe(404);
  });

  it('stops a long DuckDB query on the engine', async () => {
    const res = await execute({ sql: LONG_DUCKDB_QUERY, runAsync: true, client_id: 'c_long' });
    expect(res.statusCode).toBe(202);
    await waitFor(async () => {
      const row = await t.ctx.store.db.selectFrom('query').select('status').where('client_id', '=', 'c_long').executeTakeFirstOrThrow();
      return row.status === 'running' ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/query/stop', headers: t.headers('alpha2'), payload: { client_id: 'c_long' } })).statusCode).toBe(403);
    const stoppedAt = Date.now();
    const stop = await t.app.inject({ method: 'POST', url: '/api/v1/query/stop', headers: t.headers('alpha'), payload: { client_id: 'c_long' } });
    expect(stop.json()).toEqual({ result: 'OK' });
    // The runner's slot frees only once the engine has really given up the statement.
    await waitFor(async () => (getSqlLabState(t.ctx).runner.stats().running === 0 ? true : undefined), 5_000);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    const row = await t.ctx.store.db.selectFrom('query').select(['status', 'results_key']).where('client_id', '=', 'c_long').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'stopped', results_key: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/query/stop', headers: t.headers('alpha'), payload: { client_id: 'nope' } })).statusCode).toBe(404);
  });
});

describe('format, estimate and validate', () => {
  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: t.headers('alpha'), payload });

  it('formats SQL for the database dialect and keeps template placeholders', async () => {
    const res = await post('/api/v1/sqllab/format_sql/', { sql: 'select a,b from t where x = {{ v }}', database_id: examplesId });
    expect(res.json().result).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = {{ v }}');
  });

  it('estimates cost per statement on DuckDB, SQLite and PostgreSQL', async () => {
    const duck = await post('/api/v1/sqllab/estimate/', { database_id: examplesId, sql: 'SELECT * FROM birth_names', template_params: '{bad' });
    expect(duck.statusCode).toBe(200);
    expect(duck.json().result).toEqual([expect.objectContaining({ 'Estimated rows': expect.any(Number) })]);
    const pg = await post('/api/v1/sqllab/estimate/', { database_id: pgId, sql: 'SELECT 1; SELECT * FROM generate_series(1, 10)' });
    expect(pg.json().result).toEqual([
      { 'Start-up cost': expect.any(Number), 'Total cost': expect.any(Number), 'Plan rows': 1 },
      expect.objectContaining({ 'Plan rows': 10 }),
    ]);
    const sqlite = await post('/api/v1/sqllab/estimate/', { database_id: sqliteId, sql: 'SELECT * FROM people' });
    expect(sqlite.json().result[0]['Query plan']).toMatch(/SCAN people/);
  });

  it('validates with line and column of the syntax error on DuckDB and PostgreSQL', async () => {
    const sql = 'SELECT 1;\nSELECT name,\n  num FROMM birth_names';
    const duck = await post(`/api/v1/database/${examplesId}/validate_sql/`, { sql });
    expect(duck.json().result).toEqual([{ line_number: 3, start_column: 13, end_column: 23, message: expect.stringMatching(/syntax error/) }]);
    const ok = await post(`/api/v1/database/${examplesId}/validate_sql/`, { sql: 'SELECT {{ x }} FROM birth_names', template_params: '{"x": 1}' });
    expect(ok.json().result).toEqual([]);
    const pg = await post(`/api/v1/database/${pgId}/validate_sql/`, { sql: 'SELECT 1;\n\nSELECT n\nFROMM generate_series(1, 3) n' });
    expect(pg.json().result).toEqual([{ line_number: 4, start_column: expect.any(Number), end_column: expect.any(Number), message: expect.stringMatching(/syntax/) }]);
    const file = await post(`/api/v1/database/${examplesId}/validate_sql/`, { sql: "SELECT 1;\nSELECT * FROM read_csv('/etc/passwd')" });
    expect(file.json().result).toEqual([{ line_number: 2, start_column: 15, end_column: 22, message: expect.stringMatching(/read_csv/) }]);
  });
});
