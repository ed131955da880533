import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getEngineSpec, parseConnectTarget } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';
import { createMariaDbReadOnlyRole, createPostgresReadOnlyRole, type ReadOnlyFixture } from '../testing/read-only-roles';
import { columnsQuery, seedVirtualDataset } from './virtual-dataset.test-helpers';

/**
 * Least privilege as a second wall, against the real servers: chart data logs in as a read-only role and
 * runs in a read-only transaction with the engine's statement timeout, so a write that gets past every
 * SQL check (here a virtual dataset calling a SECURITY DEFINER function that INSERTs) fails at the engine.
 */
const TIMEOUT_SECONDS = 7;

const engines = [
  {
    name: 'PostgreSQL',
    create: createPostgresReadOnlyRole,
    settingsSql: "SELECT current_setting('statement_timeout') AS timeout_setting, current_setting('transaction_read_only') AS read_only",
    readOnlyError: /cannot execute INSERT in a read-only transaction/,
    /** statement_timeout reads '7995ms' or '8s'. */
    timeoutMs: (value: unknown) => {
      const match = /^(\d+)(ms|s)$/.exec(String(value));
      return match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : NaN;
    },
    readOnlyValue: 'on',
  },
  {
    name: 'MariaDB',
    create: createMariaDbReadOnlyRole,
    settingsSql: 'SELECT @@max_statement_time AS timeout_setting, @@tx_read_only AS read_only',
    readOnlyError: /Cannot execute statement in a READ ONLY transaction/,
    /** max_statement_time is in seconds. */
    timeoutMs: (value: unknown) => Number(value) * 1000,
    readOnlyValue: 1,
  },
];

describe.each(engines)('chart data on $name as a read-only role', (engine) => {
  let t: TestApp;
  let fixture: ReadOnlyFixture;
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ config: { chartDataTimeoutSeconds: TIMEOUT_SECONDS } });
    fixture = await engine.create();
  }, 60_000);
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
    await fixture?.drop();
  });

  it('reads what the role may read', async () => {
    const { datasetId } = await seedVirtualDataset(t, {
      uri: fixture.roleUri,
      backend: fixture.backend,
      sql: `SELECT region, amount FROM ${fixture.schema}.readings`,
      columns: [['region', 'VARCHAR'], ['amount', 'INTEGER']],
    });
    const res = await post({ ...columnsQuery(datasetId, ['region']), queries: [{ columns: ['region'], metrics: ['count'], orderby: [['region', true]] }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0].data).toEqual([
      { region: 'North', count: 10 },
      { region: 'South', count: 10 },
    ]);
  });

  it('runs in a read-only transaction with the statement timeout set from the chart-data limit', async () => {
    const { datasetId } = await seedVirtualDataset(t, {
      uri: fixture.roleUri,
      backend: fixture.backend,
      sql: engine.settingsSql,
      columns: [['timeout_setting', 'VARCHAR'], ['read_only', 'VARCHAR']],
    });
    const res = await post(columnsQuery(datasetId, ['timeout_setting', 'read_only']));
    expect(res.statusCode).toBe(200);
    const [row] = res.json().result[0].data;
    expect(row.read_only).toBe(engine.readOnlyValue);
    // The engine's limit is the chart-data limit plus a one-second margin (Lumen cancels first).
    const timeoutMs = engine.timeoutMs(row.timeout_setting);
    expect(timeoutMs).toBeGreaterThan((TIMEOUT_SECONDS - 1) * 1000);
    expect(timeoutMs).toBeLessThanOrEqual((TIMEOUT_SECONDS + 1) * 1000);
  });

  it('refuses a write at the engine, even through a definer-rights function the role may call', async () => {
    const { datasetId } = await seedVirtualDataset(t, {
      uri: fixture.roleUri,
      backend: fixture.backend,
      sql: fixture.writingSql,
      columns: [['visits', 'INTEGER']],
    });
    const res = await post(columnsQuery(datasetId, ['visits']));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(engine.readOnlyError);
    expect(await fixture.writes()).toBe(0);
  });

  it('SQL Lab on a database whose extra says read_only refuses writes at the engine too', async () => {
    const { databaseId } = await seedVirtualDataset(t, {
      uri: fixture.roleUri,
      backend: fixture.backend,
      sql: 'SELECT 1 AS one',
      columns: [['one', 'INTEGER']],
      extra: { read_only: true },
    });
    const run = (sql: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: databaseId, sql, runAsync: false } });
    const read = await run(`SELECT count(*) AS n FROM ${fixture.schema}.readings`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual([{ n: 20 }]);
    const write = await run(fixture.writingSql);
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(write.json())).toMatch(engine.readOnlyError);
    expect(await fixture.writes()).toBe(0);
  });
});

describe('chart data on DuckDB', () => {
  let t: TestApp;
  let dir: string;
  let uri: string;
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'lumen-duck-ro-'));
    uri = `duckdb:///${join(dir, 'visits.duckdb')}`;
    const client = await getEngineSpec('duckdb').connect(parseConnectTarget(uri));
    await client.execute('CREATE SEQUENCE visits');
  });
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs in a read-only transaction even on a database that allows DML', async () => {
    // nextval writes the sequence: DuckDB refuses it in the read-only transaction chart data runs in.
    const { datasetId } = await seedVirtualDataset(t, { uri, backend: 'duckdb', sql: "SELECT nextval('visits') AS visits", columns: [['visits', 'BIGINT']], allowDml: true });
    const res = await post(columnsQuery(datasetId, ['visits']));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/transaction is launched in read-only mode/);
    const client = await getEngineSpec('duckdb').connect(parseConnectTarget(uri));
    expect((await client.execute("SELECT nextval('visits')")).rows).toEqual([[1]]);
  });

  it('stays without external access', async () => {
    const { datasetId } = await seedVirtualDataset(t, { uri, backend: 'duckdb', sql: "SELECT count(*) AS n FROM read_csv('/etc/hostname')", columns: [['n', 'BIGINT']] });
    const res = await post(columnsQuery(datasetId, ['n']));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Permission Error: .*(external access|disabled)/i);
  });
});

describe('the read_only setting of a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('must be a boolean, so a typo never leaves a connection writable', async () => {
    const create = (extra: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/database/', headers: t.headers('admin'), payload: { database_name: `ro-${Math.random()}`, sqlalchemy_uri: 'sqlite://', extra } });
    const wrong = await create(JSON.stringify({ read_only: 'yes' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('extra.read_only must be true or false, got "yes"');
    const right = await create(JSON.stringify({ read_only: true }));
    expect(right.statusCode, right.body).toBe(201);
    const update = await t.app.inject({ method: 'PUT', url: `/api/v1/database/${right.json().id}`, headers: t.headers('admin'), payload: { extra: { read_only: 1 } } });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe('extra.read_only must be true or false, got 1');
  });
});
