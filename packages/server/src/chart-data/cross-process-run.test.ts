import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { RedisCache } from '../cache';
import { closeAllConnections, type EngineClient, EngineError, getConnection } from '../engines';
import { ErrorType, LumenError } from '../errors';
import type { CacheLocks } from '../cache';
import { createTestApp, type TestApp } from '../testing/harness';
import { type CrossProcessRunOptions, runOnceAcrossProcesses } from './cross-process-run';
import { encodeSharedFailure } from './shared-failure';
import type { StoredResult } from './stored-result';
import { seedVirtualDataset } from './virtual-dataset.test-helpers';

const REDIS_URL = process.env.LUMEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Locks in a Map, as another process holding one would leave them in Redis (outcome records never expire here). */
function memoryLocks(): CacheLocks & { held: Map<string, string>; outcomes: Map<string, string> } {
  const held = new Map<string, string>();
  const outcomes = new Map<string, string>();
  return {
    held,
    outcomes,
    acquire: async (name, holder) => (held.has(name) ? false : (held.set(name, holder), true)),
    holderOf: async (name) => held.get(name) ?? null,
    release: async (name, holder) => {
      if (held.get(name) === holder) held.delete(name);
    },
    releaseWithOutcome: async (name, holder, outcome) => {
      if (held.get(name) !== holder) return;
      held.delete(name);
      outcomes.set(name, outcome);
    },
    outcomeOf: async (name) => outcomes.get(name) ?? null,
  };
}

describe('runOnceAcrossProcesses', () => {
  const stored = (writtenAt: number): StoredResult => ({ bytes: Buffer.from('{}'), digest: 'd', writtenAt });
  const options = (overrides: Partial<CrossProcessRunOptions<string>>): CrossProcessRunOptions<string> => ({
    locks: memoryLocks(),
    key: 'k',
    force: false,
    requestedAt: Date.now(),
    lockMs: 60_000,
    waitMs: 60_000,
    pollMs: 1,
    signal: new AbortController().signal,
    readStored: async () => null,
    fromStored: () => 'from the other process',
    compute: async () => 'computed here',
    ...overrides,
  });

  it('runs the query itself when Redis cannot be reached', async () => {
    const compute = vi.fn(async () => 'computed here');
    const unreachable = () => Promise.reject(new Error('ECONNREFUSED'));
    const locks: CacheLocks = { acquire: unreachable, holderOf: async () => null, release: async () => undefined, releaseWithOutcome: unreachable, outcomeOf: unreachable };
    expect(await runOnceAcrossProcesses(options({ locks, compute }))).toBe('computed here');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('passes its own failure on, without running the query again', async () => {
    const locks = memoryLocks();
    const compute = vi.fn(() => Promise.reject(new Error('engine down')));
    await expect(runOnceAcrossProcesses(options({ locks, compute }))).rejects.toThrow('engine down');
    expect(compute).toHaveBeenCalledTimes(1);
    expect(locks.held.size).toBe(0);
  });

  it('answers from the holder’s result, and takes over when the holder lets go without one', async () => {
    const locks = memoryLocks();
    locks.held.set('chart-data:k', `${Date.now()}:other`);
    let entry: StoredResult | null = null;
    const waiting = runOnceAcrossProcesses(options({ locks, readStored: async () => entry }));
    await sleep(10);
    entry = stored(Date.now());
    expect(await waiting).toBe('from the other process');

    locks.held.set('chart-data:k', `${Date.now()}:failing`);
    const compute = vi.fn(async () => 'computed here');
    const takingOver = runOnceAcrossProcesses(options({ locks, compute }));
    await sleep(10);
    locks.held.delete('chart-data:k');
    expect(await takingOver).toBe('computed here');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('hands its failure to the processes waiting on it, which answer it without running the query again', async () => {
    const locks = memoryLocks();
    const failing = vi.fn(() => Promise.reject(new LumenError(422, 'Binder Error: no such column', ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, { engine_name: 'DuckDB' })));
    await expect(runOnceAcrossProcesses(options({ locks, compute: failing }))).rejects.toThrow('Binder Error');
    const [[, record]] = [...locks.outcomes];

    // A waiter that saw the failed run hold the lock reads its error once the lock is gone.
    const holder = JSON.parse(record!).run as string;
    locks.held.set('chart-data:k', holder);
    locks.outcomes.clear();
    const compute = vi.fn(async () => 'computed here');
    const waiting = runOnceAcrossProcesses(options({ locks, compute }));
    await sleep(10);
    locks.held.delete('chart-data:k');
    locks.outcomes.set('chart-data:k', record!);
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LumenError);
    expect((error as LumenError).toStructured()).toEqual({ message: 'Binder Error: no such column', error_type: ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, level: 'error', extra: { engine_name: 'DuckDB' } });
    expect(compute).not.toHaveBeenCalled();
  });

  it('reads the failure of a process that took the lock over while it waited', async () => {
    const locks = memoryLocks();
    locks.held.set('chart-data:k', `${Date.now()}:died`);
    const compute = vi.fn(async () => 'computed here');
    const waiting = runOnceAcrossProcesses(options({ locks, compute }));
    await sleep(10);
    const takenOverBy = `${Date.now()}:took-over`;
    locks.held.set('chart-data:k', takenOverBy);
    await sleep(10);
    await locks.releaseWithOutcome('chart-data:k', takenOverBy, encodeSharedFailure(takenOverBy, new LumenError(408, 'The query exceeded the 60 seconds timeout.', ErrorType.BACKEND_TIMEOUT_ERROR)), 10_000);
    await expect(waiting).rejects.toThrow('The query exceeded the 60 seconds timeout.');
    expect(compute).not.toHaveBeenCalled();
  });

  it('leaves no failure when its own clients went away, so a waiter runs the query instead', async () => {
    const locks = memoryLocks();
    const gone = new AbortController();
    const cancelled = () => (gone.abort(), Promise.reject(new Error('cancelled')));
    await expect(runOnceAcrossProcesses(options({ locks, signal: gone.signal, compute: cancelled }))).rejects.toThrow('cancelled');
    expect([locks.held.size, locks.outcomes.size]).toEqual([0, 0]);
  });

  it('does not let a force refresh wait on a run that began before it was asked for', async () => {
    const locks = memoryLocks();
    locks.held.set('chart-data:k', `${Date.now() - 5000}:older`);
    const compute = vi.fn(async () => 'computed here');
    expect(await runOnceAcrossProcesses(options({ locks, compute, force: true, readStored: async () => stored(Date.now() - 10_000) }))).toBe('computed here');
    expect(compute).toHaveBeenCalledTimes(1);
  });
});

/**
 * Two server instances on one metadata store and one Redis, as two processes behind a load balancer: the
 * same query asked of both while it runs is run once, by whichever took its lock; the other answers from the
 * result the first wrote to the shared cache.
 */
describe('chart-data coalescing across processes through Redis', () => {
  let t: TestApp;
  let datasetId: number;
  let client: EngineClient;
  const caches: RedisCache[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    let databaseId: number;
    ({ datasetId, databaseId } = await seedVirtualDataset(t, { uri: 'duckdb://', backend: 'duckdb', sql: 'SELECT i AS id, i % 5 AS grp FROM range(500) t(i)', columns: [['id', 'BIGINT'], ['grp', 'BIGINT']] }));
    client = await getConnection(t.ctx, await t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', databaseId).executeTakeFirstOrThrow());
    const prefix = `lumen:test:${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const cache = new RedisCache(REDIS_URL, prefix);
      caches.push(cache);
      const app = await buildApp({ config: t.config, store: t.ctx.store, logger: false, cache });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    for (const app of apps) await app.close();
    await closeAllConnections();
    await t.close();
  });

  it('runs a query asked of two instances at once in one of them', async () => {
    const execute = client.executeColumns!.bind(client);
    let secondWaits = false;
    const acquire = caches[1].locks.acquire;
    vi.spyOn(caches[1].locks, 'acquire').mockImplementation(async (...args) => {
      const taken = await acquire(...args);
      if (!taken) secondWaits = true;
      return taken;
    });
    // The first instance's statement is held until the second is waiting on its lock (or, without
    // coalescing across processes, until the second runs a statement of its own).
    const executions = vi.spyOn(client as Required<EngineClient>, 'executeColumns').mockImplementation(async (...args) => {
      while (!secondWaits && executions.mock.calls.length < 2) await sleep(5);
      return execute(...args);
    });
    const payload = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['grp'], metrics: ['count'], orderby: [['grp', true]] }] };
    const ask = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload });
    const first = ask(apps[0]);
    while (executions.mock.calls.length === 0) await sleep(5);
    const [a, b] = await Promise.all([first, ask(apps[1])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(executions).toHaveBeenCalledTimes(1);
    expect(a.json().result[0]).toMatchObject({ is_cached: false, rowcount: 5 });
    expect(b.json().result[0]).toMatchObject({ is_cached: true, rowcount: 5, data: a.json().result[0].data });
    await caches[0].delete(a.json().result[0].cache_key);
  });
  it('answers the other instance’s failure of a query asked of both, without running it again', async () => {
    vi.restoreAllMocks();
    let secondWaits = false;
    const acquire = caches[1].locks.acquire;
    vi.spyOn(caches[1].locks, 'acquire').mockImplementation(async (...args) => {
      const taken = await acquire(...args);
      if (!taken) secondWaits = true;
      return taken;
    });
    // The first instance's statement fails once the second waits on its lock (or, were the failure not
    // shared, when the second runs the statement again itself).
    const executions = vi.spyOn(client as Required<EngineClient>, 'executeColumns').mockImplementation(async () => {
      while (!secondWaits && executions.mock.calls.length < 2) await sleep(5);
      throw new EngineError('DuckDB', ErrorType.GENERIC_DB_ENGINE_ERROR, 'Out of Memory Error: could not allocate block', [{ code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' }]);
    });
    const payload = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['grp'], metrics: ['count'], row_limit: 3 }] };
    const ask = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload });
    const first = ask(apps[0]);
    while (executions.mock.calls.length === 0) await sleep(5);
    const [a, b] = await Promise.all([first, ask(apps[1])]);
    expect(executions).toHaveBeenCalledTimes(1);
    expect(a.statusCode).toBe(422);
    expect([b.statusCode, b.json()]).toEqual([a.statusCode, a.json()]);
    expect(a.json().errors[0]).toMatchObject({ error_type: ErrorType.GENERIC_DB_ENGINE_ERROR, message: 'Out of Memory Error: could not allocate block' });
    vi.restoreAllMocks();
  });
});
