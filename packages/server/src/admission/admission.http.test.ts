import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedVirtualDataset } from '../chart-data/virtual-dataset.test-helpers';
import { closeAllConnections, type EngineClient, getConnection } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * Runs `before` ahead of each statement the engine is sent, through either call: SQL Lab's execute or
 * chart data's executeColumns.
 */
function holdStatements(client: EngineClient, before: (sql: string, params: unknown[] | undefined) => Promise<void>): void {
  const execute = client.execute.bind(client);
  const executeColumns = client.executeColumns!.bind(client);
  vi.spyOn(client, 'execute').mockImplementation(async (sql, params, options) => {
    await before(sql, params);
    return execute(sql, params, options);
  });
  vi.spyOn(client as Required<EngineClient>, 'executeColumns').mockImplementation(async (sql, params, options) => {
    await before(sql, params);
    return executeColumns(sql, params, options);
  });
}

/**
 * Admission control through HTTP on DuckDB, one slot and a queue of three: the engine's statements are
 * held until the test lets each one finish, so who runs when is observed without timing.
 */
describe('admission control through HTTP', () => {
  let t: TestApp;
  let datasetId: number;
  let databaseId: number;
  let client: EngineClient;
  /** Labels of the statements the engine started, in order, and the releases of those still held. */
  const started: string[] = [];
  const held: (() => void)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { dbMaxConcurrentQueries: 1, dbQueueSize: 3 } });
    ({ datasetId, databaseId } = await seedVirtualDataset(t, { uri: 'duckdb://', backend: 'duckdb', sql: 'SELECT i AS id, i % 5 AS grp FROM range(100) t(i)', columns: [['id', 'BIGINT'], ['grp', 'BIGINT']] }));
    client = await getConnection(t.ctx, await t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', databaseId).executeTakeFirstOrThrow());
    holdStatements(client, async (sql, params) => {
      started.push(labelOf(sql, params));
      await new Promise<void>((release) => held.push(release));
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await closeAllConnections();
    await t.close();
  });

  /** A chart's statement is labelled by its filter value, a SQL Lab statement by its text. */
  const labelOf = (sql: string, params: unknown[] | undefined) => (sql.includes('grp') && params?.length ? `chart ${String(params[0])}` : sql.trim());
  const gate = () => t.ctx.admission.gateFor({ id: databaseId, backend: 'duckdb' })!;
  const chart = (user: string, grp: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: t.headers(user),
      payload: { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['grp'], metrics: ['count'], filters: [{ col: 'grp', op: '==', val: grp }] }] },
    });
  const sqlLab = (sql: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('alpha'), payload: { database_id: databaseId, sql, client_id: `adm${Math.floor(Math.random() * 1e6)}` } });
  /** Lets the running statement finish once the next one has started (or nothing is left). */
  const finishRunning = async (expectStarted: number) => {
    held.shift()!();
    await vi.waitFor(() => expect(started.length === expectStarted || gate().active === 0).toBe(true));
  };

  it('answers 503 with Retry-After when the queue is full, and drains the queue in turns between users', async () => {
    const first = chart('alpha', 0);
    await vi.waitFor(() => expect(started).toEqual(['chart 0']));
    const queued = [chart('alpha', 1), chart('alpha', 2), chart('admin', 3)];
    await vi.waitFor(() => expect(gate().waiting).toBe(3));

    const refused = await chart('alpha', 4);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({
      message: 'The database is under an unusual load.',
      errors: [{ error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: { retry_after: Number(refused.headers['retry-after']) } }],
    });

    for (let n = 2; n <= 4; n++) await finishRunning(n);
    held.shift()!();
    const answers = await Promise.all([first, ...queued]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // alpha's second request waits behind admin's only one.
    expect(started).toEqual(['chart 0', 'chart 1', 'chart 3', 'chart 2']);
    expect([gate().active, gate().waiting]).toEqual([0, 0]);
  });

  it('runs a viewer’s chart before a SQL Lab query that was queued earlier', async () => {
    started.length = 0;
    const first = chart('admin', 10);
    await vi.waitFor(() => expect(started).toEqual(['chart 10']));
    const query = sqlLab('SELECT 42 AS answer');
    await vi.waitFor(() => expect(gate().waiting).toBe(1));
    const later = chart('alpha', 11);
    await vi.waitFor(() => expect(gate().waiting).toBe(2));

    for (let n = 2; n <= 3; n++) await finishRunning(n);
    held.shift()!();
    const answers = await Promise.all([first, query, later]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(started[1]).toBe('chart 11');
    expect(started[2]).toMatch(/^SELECT 42 AS answer/);
  });

  it('gives a coalesced run one slot, however many viewers wait for it', async () => {
    started.length = 0;
    const share = vi.spyOn(t.ctx.coalescer, 'share');
    const first = chart('admin', 20);
    await vi.waitFor(() => expect(started).toEqual(['chart 20']));
    const same = [chart('alpha', 21), chart('alpha', 21), chart('admin', 21)];
    await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(4));
    await vi.waitFor(() => expect(gate().waiting).toBe(1));

    await finishRunning(2);
    held.shift()!();
    const answers = await Promise.all([first, ...same]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(started).toEqual(['chart 20', 'chart 21']);
    share.mockRestore();
  });
});

/** SQL Lab's side: a script still waiting for the database's slot at its time limit times out as one that ran too long. */
describe('admission control and SQL Lab’s time limit', () => {
  let t: TestApp;
  let datasetId: number;
  let databaseId: number;
  const held: (() => void)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { dbMaxConcurrentQueries: 1, sqllabTimeoutSeconds: 1 } });
    ({ datasetId, databaseId } = await seedVirtualDataset(t, { uri: 'duckdb://', backend: 'duckdb', sql: 'SELECT i AS id FROM range(10) t(i)', columns: [['id', 'BIGINT']] }));
    const client = await getConnection(t.ctx, await t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', databaseId).executeTakeFirstOrThrow());
    holdStatements(client, () => new Promise<void>((release) => held.push(release)));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await closeAllConnections();
    await t.close();
  });

  it('answers SQLLAB_TIMEOUT_ERROR and records the query as timed out', async () => {
    const chart = t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['id'], row_limit: 5 }] } });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const query = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('alpha'), payload: { database_id: databaseId, sql: 'SELECT 1 AS one', client_id: 'admtimeout1' } });
    expect(query.statusCode).toBe(408);
    expect(query.json().errors[0]).toMatchObject({ message: 'The query exceeded the 1 seconds timeout.', error_type: 'SQLLAB_TIMEOUT_ERROR' });
    const row = await t.ctx.store.db.selectFrom('query').select('status').where('client_id', '=', 'admtimeout1').executeTakeFirstOrThrow();
    expect(row.status).toBe('timed_out');
    expect(held).toHaveLength(1);
    held.shift()!();
    expect((await chart).statusCode).toBe(200);
  });
});

