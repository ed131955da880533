import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllConnections, EngineError, type EngineClient, getConnection } from '../engines';
import { ErrorType } from '../errors';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { QueryCoalescer } from './query-coalescer';
import { seedVirtualDataset } from './virtual-dataset.test-helpers';

/** A promise and the functions that settle it, for runs the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('QueryCoalescer', () => {
  it('runs once for concurrent callers of a key and forgets the run when it settles', async () => {
    const coalescer = new QueryCoalescer();
    const run = deferred<string>();
    const start = vi.fn(() => run.promise);
    const waiting = Array.from({ length: 5 }, () => coalescer.share('k', { force: false, requestedAt: Date.now() }, start));
    expect(coalescer.inFlight).toBe(1);
    run.resolve('rows');
    expect(await Promise.all(waiting)).toEqual(['rows', 'rows', 'rows', 'rows', 'rows']);
    expect(start).toHaveBeenCalledTimes(1);
    expect(coalescer.inFlight).toBe(0);
    await coalescer.share('k', { force: false, requestedAt: Date.now() }, start);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('lets a force refresh join only a run that started after it was asked for', async () => {
    const coalescer = new QueryCoalescer();
    const older = deferred<string>();
    const newer = deferred<string>();
    const starts = [older.promise, newer.promise];
    const start = vi.fn(() => starts.shift()!);
    const plain = coalescer.share('k', { force: false, requestedAt: Date.now() }, start);
    await sleep(5);
    const force = coalescer.share('k', { force: true, requestedAt: Date.now() }, start);
    // Asked for before the forced run began: it joins that run, as a plain request does.
    const forceAgain = coalescer.share('k', { force: true, requestedAt: Date.now() - 1000 }, start);
    const plainLater = coalescer.share('k', { force: false, requestedAt: Date.now() }, start);
    expect(start).toHaveBeenCalledTimes(2);
    older.resolve('old');
    newer.resolve('new');
    expect(await Promise.all([plain, force, forceAgain, plainLater])).toEqual(['old', 'new', 'new', 'new']);
    expect(coalescer.inFlight).toBe(0);
  });

  it('cancels the shared run only when every waiter has gone, and passes a failure to all', async () => {
    const coalescer = new QueryCoalescer();
    let shared: AbortSignal | undefined;
    const run = deferred<string>();
    const start = (signal: AbortSignal) => ((shared = signal), run.promise);
    const clients = [new AbortController(), new AbortController()];
    const waiting = clients.map((c) => coalescer.share('k', { force: false, requestedAt: Date.now(), signal: c.signal }, start));
    clients[0].abort();
    expect(shared!.aborted).toBe(false);
    clients[1].abort();
    expect(shared!.aborted).toBe(true);
    run.reject(new Error('cancelled in the engine'));
    for (const outcome of await Promise.allSettled(waiting)) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'cancelled in the engine' } });
  });

  it('runs every caller on its own when disabled', async () => {
    const coalescer = new QueryCoalescer(false);
    const start = vi.fn(async () => 'rows');
    await Promise.all([1, 2, 3].map(() => coalescer.share('k', { force: false, requestedAt: Date.now() }, start)));
    expect(start).toHaveBeenCalledTimes(3);
  });
});

describe.each([true, false])('concurrent identical chart-data requests (coalescing %s)', (coalescing) => {
  let t: TestApp;
  let datasetId: number;
  let client: EngineClient;
  // Each test asks with its own row limit: another query, so nothing an earlier test cached answers it.
  const payload = (rowLimit: number) => ({ datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['grp'], metrics: ['count'], orderby: [['grp', true]], row_limit: rowLimit }] });
  const post = (user: string, rowLimit: number) => t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers(user), payload: payload(rowLimit) });

  /**
   * Holds every engine statement until `requests` requests have reached the coalescing point, so all of them
   * are in flight together however fast the machine is; `failWith` makes the statement fail instead.
   */
  function holdEngine(requests: number, failWith?: Error) {
    const share = vi.spyOn(t.ctx.coalescer, 'share');
    const execute = client.executeColumns!.bind(client);
    const spy = vi.spyOn(client as Required<EngineClient>, 'executeColumns').mockImplementation(async (...args) => {
      while (share.mock.calls.length < requests) await sleep(5);
      if (failWith) throw failWith;
      return execute(...args);
    });
    return { executions: () => spy.mock.calls.length };
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { chartDataCoalescing: coalescing } });
    let database: number;
    ({ datasetId, databaseId: database } = await seedVirtualDataset(t, {
      uri: 'duckdb://',
      backend: 'duckdb',
      sql: 'SELECT i AS id, i % 4 AS grp FROM range(400) t(i)',
      columns: [['id', 'BIGINT'], ['grp', 'BIGINT']],
    }));
    client = await getConnection(t.ctx, await t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', database).executeTakeFirstOrThrow());
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it(coalescing ? 'share one engine query among 20 requests' : 'run one engine query per request', async () => {
    const engine = holdEngine(20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('alpha', 101)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    if (coalescing) expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0].json().result[0].data).toEqual([0, 1, 2, 3].map((grp) => ({ grp, count: 100 })));
    expect(engine.executions()).toBe(coalescing ? 1 : 20);
  });

  it('runs users with different row-level security apart', async () => {
    const { db } = t.ctx.store;
    const now = nowIso();
    const rule = await db
      .insertInto('row_level_security_filters')
      .values({ name: `gamma-grp-${coalescing}`, filter_type: 'Regular', clause: 'grp = 1', created_on: now, changed_on: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const gammaRole = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    await db.insertInto('rls_filter_roles').values({ rls_filter_id: rule.id, role_id: gammaRole.id }).execute();
    await db.insertInto('rls_filter_tables').values({ rls_filter_id: rule.id, table_id: datasetId }).execute();
    try {
      const engine = holdEngine(20);
      const users = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'gamma' : 'alpha'));
      const answers = await Promise.all(users.map((user) => post(user, 102)));
      answers.forEach((answer, i) => expect(answer.json().result[0].data).toHaveLength(users[i] === 'gamma' ? 1 : 4));
      expect(engine.executions()).toBe(coalescing ? 2 : 20);
    } finally {
      await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', rule.id).execute();
      await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', rule.id).execute();
      await db.deleteFrom('row_level_security_filters').where('id', '=', rule.id).execute();
    }
  });

  it('keeps answering the others when one client goes away', async () => {
    const share = vi.spyOn(t.ctx.coalescer, 'share');
    const execute = client.executeColumns!.bind(client);
    let leaverGone = false;
    const statementSignals: AbortSignal[] = [];
    const executions = vi.spyOn(client as Required<EngineClient>, 'executeColumns').mockImplementation(async (sql, params, options) => {
      if (options?.signal) statementSignals.push(options.signal);
      while (share.mock.calls.length < 2 || !leaverGone) await sleep(5);
      return execute(sql, params, options);
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify(payload(104));
    const leaverClosed = new Promise<void>((resolve) => t.app.server.once('connection', (socket) => socket.once('close', () => resolve())));
    const leaver = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/chart/data', headers: { ...t.headers('alpha'), 'content-type': 'application/json' } });
    leaver.on('error', () => undefined);
    leaver.end(body);
    const stayer = t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload: payload(104) });
    while (share.mock.calls.length < 2) await sleep(5);
    leaver.destroy();
    // Its server-side socket has closed, and the request's abort (a 'close' listener too) has run.
    await leaverClosed;
    await new Promise((resolve) => setImmediate(resolve));
    leaverGone = true;
    const answer = await stayer;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result[0].data).toHaveLength(4);
    expect(executions).toHaveBeenCalledTimes(coalescing ? 1 : 2);
    if (coalescing) expect(statementSignals[0].aborted).toBe(false);
  });

  it('gives the shared query’s failure to every request', async () => {
    const engine = holdEngine(20, new EngineError('DuckDB', ErrorType.GENERIC_DB_ENGINE_ERROR, 'Out of Memory Error: the shared query failed'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('alpha', 103)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toContain('the shared query failed');
    }
    expect(engine.executions()).toBe(coalescing ? 1 : 20);
  });
});
