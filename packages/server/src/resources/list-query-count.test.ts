import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { QUIET_REPORTS, seedListFixtures } from './list-fixtures';
import { client, q } from './test-support';

/**
 * No N+1 on the list endpoints (issue 18): the metadata queries one list request runs do not grow with the
 * page. Every query Kysely sends goes through the store's executor, so counting its executeQuery calls
 * around one request counts the request's queries.
 */
function countQueries(db: Kysely<unknown>) {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    count++;
    return original(...args);
  }) as typeof executor.executeQuery;
  return {
    reset: () => (count = 0),
    get count() {
      return count;
    },
    restore: () => {
      executor.executeQuery = original;
    },
  };
}

const ROWS = 6;
const RESOURCES = ['chart', 'dashboard', 'dataset', 'database', 'saved_query', 'report', 'tag'] as const;

describe.each(METADATA_DIALECTS)('list endpoints run a fixed number of queries per page (%s)', (dialect) => {
  let t: TestApp;
  let counter: ReturnType<typeof countQueries>;

  beforeAll(async () => {
    // The scheduler would query in the background and be counted with the request; the list answer cache
    // would answer repeated requests without the queries counted here.
    t = await createTestApp({ dialect, config: { reports: QUIET_REPORTS, listCacheSeconds: 0 } });
    await seedListFixtures(t, ROWS);
    counter = countQueries(t.ctx.store.db as unknown as Kysely<unknown>);
  }, 60_000);
  afterAll(async () => {
    counter?.restore();
    await t?.close();
  });

  async function queriesFor(resource: string, pageSize: number, as: string): Promise<number> {
    // A first request fills per-user caches (permissions, data access); only the steady state is compared.
    await client(t).get(`/api/v1/${resource}/?${q({ page: 0, page_size: 1 })}`, as);
    counter.reset();
    const res = await client(t).get(`/api/v1/${resource}/?${q({ page: 0, page_size: pageSize })}`, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toHaveLength(Math.min(pageSize, res.body.count));
    return counter.count;
  }

  it.each(RESOURCES)('%s: one row or a full page costs the same queries', async (resource) => {
    const one = await queriesFor(resource, 1, 'admin');
    const page = await queriesFor(resource, ROWS, 'admin');
    expect(page).toBe(one);
  });

  it.each(['chart', 'dataset'])('%s: a page that is not full tells the total, without COUNT(*)', async (resource) => {
    const full = await queriesFor(resource, 1, 'admin');
    const { count } = (await client(t).get(`/api/v1/${resource}/?${q({ page: 0, page_size: 1 })}`, 'admin')).body;
    const last = await queriesFor(resource, 100, 'admin');
    expect(last).toBe(full - 1);
    const lastPage = await client(t).get(`/api/v1/${resource}/?${q({ page: 1, page_size: count - 1 })}`, 'admin');
    expect(lastPage.body).toMatchObject({ count, result: [expect.anything()] });
    const pastTheEnd = await client(t).get(`/api/v1/${resource}/?${q({ page: count, page_size: 1 })}`, 'admin');
    expect(pastTheEnd.body).toMatchObject({ count, result: [] });
  });

  it.each(['chart', 'dashboard', 'dataset'])('%s: the same for a non-admin reader whose visibility rules apply', async (resource) => {
    const one = await queriesFor(resource, 1, 'gamma');
    const page = await queriesFor(resource, ROWS, 'gamma');
    expect(page).toBe(one);
  });
});
