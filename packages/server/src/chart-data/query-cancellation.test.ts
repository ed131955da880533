import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, parseConnectTarget, withTemporaryConnection } from '../engines';
import { createTestApp, TEST_PG_URL, type TestApp } from '../testing/harness';
import { createMariaDbReadOnlyRole, createPostgresReadOnlyRole, type ReadOnlyFixture } from '../testing/read-only-roles';
import { inFlightChartQueries } from './query-deadline';
import { columnsQuery, seedVirtualDataset } from './virtual-dataset.test-helpers';

/**
 * Chart data's timeout and cancellation on real engines: a query past the limit, a client that hangs up
 * and a server that stops all cancel the statement in the engine (DuckDB interrupt, pg_cancel_backend),
 * measured from the outside: the answer's timing, the app's in-flight count, pg_stat_activity and MariaDB's
 * PROCESSLIST.
 */
const ENDLESS = {
  duckdb: 'SELECT sum(hash(range)) AS total FROM range(100000000000)',
  postgresql: 'SELECT count(*) AS total FROM generate_series(1, 200000) a, generate_series(1, 200000) b',
  mysql: 'SELECT sum(a.seq * b.seq) AS total FROM seq_1_to_200000 a, seq_1_to_200000 b',
};

async function waitUntil(probe: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** Statements the read-only role is running right now (the engine's own view). */
const activeStatements = (role: string) =>
  withTemporaryConnection(parseConnectTarget(`${TEST_PG_URL}/test`), async (client) =>
    Number((await client.execute(`SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND state = 'active'`, [role])).rows[0]![0]),
  );

/** Statements the read-only MariaDB user is running right now (KILL QUERY leaves the thread idle). */
const runningOnMariaDb = (role: string) =>
  withTemporaryConnection(parseConnectTarget('mysql://root@127.0.0.1:3306/test'), async (client) =>
    Number((await client.execute(`SELECT count(*) FROM information_schema.PROCESSLIST WHERE USER = ? AND COMMAND = 'Query'`, [role])).rows[0]![0]),
  );

/** Posts a chart-data body over a real socket; resolves with the request (to hang up) and its answer. */
function postOverSocket(t: TestApp, body: unknown) {
  const { port } = t.app.server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/chart/data',
    headers: { ...t.headers('admin'), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  });
  const answer = new Promise<{ status: number | null; error: Error | null }>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
    });
    req.on('error', (error) => resolve({ status: null, error }));
  });
  req.end(payload);
  return { req, answer };
}

let fixture: ReadOnlyFixture;
let mariadb: ReadOnlyFixture;
beforeAll(async () => {
  fixture = await createPostgresReadOnlyRole();
  mariadb = await createMariaDbReadOnlyRole();
}, 30_000);
afterAll(async () => {
  await closeAllConnections();
  await fixture?.drop();
  await mariadb?.drop();
});

const engines = [
  { name: 'DuckDB', seed: () => ({ uri: 'duckdb://', backend: 'duckdb', sql: ENDLESS.duckdb }), engineIdle: async () => true },
  {
    name: 'PostgreSQL',
    seed: () => ({ uri: fixture.roleUri, backend: 'postgresql', sql: ENDLESS.postgresql }),
    engineIdle: async () => (await activeStatements(fixture.role)) === 0,
  },
  {
    name: 'MariaDB',
    seed: () => ({ uri: mariadb.roleUri, backend: 'mysql', sql: ENDLESS.mysql }),
    engineIdle: async () => (await runningOnMariaDb(mariadb.role)) === 0,
  },
];

describe.each(engines)('chart data on $name', (engine) => {
  let t: TestApp;
  let body: ReturnType<typeof columnsQuery>;

  beforeAll(async () => {
    t = await createTestApp({ config: { chartDataTimeoutSeconds: 1 } });
    const { datasetId } = await seedVirtualDataset(t, { ...engine.seed(), columns: [['total', 'BIGINT']] });
    body = columnsQuery(datasetId, ['total']);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  it('cancels a query past the configured limit and answers the timeout error', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: body });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(408);
    expect(res.json().errors[0]).toMatchObject({
      message: 'The query exceeded the 1 seconds timeout.',
      error_type: 'BACKEND_TIMEOUT_ERROR',
      extra: { timeout: 1, issue_codes: [{ code: 1000 }, { code: 1001 }] },
    });
    // The answer waits for the engine to stop the statement, so its timing is the cancellation's.
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    // 1 s limit, then the engine's stop; generous for a loaded CI machine (measured 1.1 to 1.9 s).
    expect(elapsed).toBeLessThan(3000);
    expect(inFlightChartQueries(t.ctx)).toBe(0);
    await waitUntil(engine.engineIdle, 1000);
  });

  it('cancels the query of a client that hangs up', async () => {
    t.ctx.config.chartDataTimeoutSeconds = 60;
    try {
      const { req, answer } = postOverSocket(t, body);
      await waitUntil(() => inFlightChartQueries(t.ctx) === 1, 5000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      req.destroy();
      expect((await answer).status).toBeNull();
      const cancelledWithin = await waitUntil(() => inFlightChartQueries(t.ctx) === 0, 2000);
      expect(cancelledWithin).toBeLessThan(2000);
      await waitUntil(engine.engineIdle, 1000);
    } finally {
      t.ctx.config.chartDataTimeoutSeconds = 1;
    }
  });
});

describe.each(engines)('stopping the server with a chart query in flight on $name', (engine) => {
  it('cancels the query and closes quickly', async () => {
    const t = await createTestApp({ config: { chartDataTimeoutSeconds: 60 } });
    try {
      const { datasetId } = await seedVirtualDataset(t, { ...engine.seed(), columns: [['total', 'BIGINT']] });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { answer } = postOverSocket(t, columnsQuery(datasetId, ['total']));
      await waitUntil(() => inFlightChartQueries(t.ctx) === 1, 5000);
      const started = Date.now();
      await t.app.close();
      const closeMs = Date.now() - started;
      expect(closeMs).toBeLessThan(2000);
      // The client got an answer (the cancelled query's error) rather than a hang.
      expect((await answer).status).toBeGreaterThanOrEqual(400);
      expect(inFlightChartQueries(t.ctx)).toBe(0);
      await waitUntil(engine.engineIdle, 1000);
    } finally {
      await t.close();
    }
  }, 30_000);
});
