import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { RedisCache } from '../cache';
import { closeAllConnections, type EngineClient, getConnection } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedVirtualDataset } from './virtual-dataset.test-helpers';

const REDIS_URL = process.env.LUMEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
    const execute = client.execute.bind(client);
    let secondWaits = false;
    const acquire = caches[1].locks.acquire;
    vi.spyOn(caches[1].locks, 'acquire').mockImplementation(async (...args) => {
      const taken = await acquire(...args);
      if (!taken) secondWaits = true;
      return taken;
    });
    // The first instance's statement is held until the second is waiting on its lock (or, without
    // coalescing across processes, until the second runs a statement of its own).
    const executions = vi.spyOn(client, 'execute').mockImplementation(async (...args) => {
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
  });
});
