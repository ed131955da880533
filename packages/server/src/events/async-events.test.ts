import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { mintGuestToken } from '../embedding/guest-tokens';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { ASYNC_EVENT_WS_PATH } from './routes';
import { createMemoryEventStream } from './memory-event-stream';
import type { AsyncEvent } from './event-stream';

/** Async chart data and SQL Lab in one process (memory runner and stream), polled and pushed. */
let t: TestApp;
let datasetId: number;
let dashboardId: number;
let chartId: number;

const chartBody = (metric = 'count') => ({ datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: [metric], orderby: [['region', true]] }] });

async function waitForEvents(headers: Record<string, string>, lastId: string | null = null, jobId?: string, ms = 15_000): Promise<AsyncEvent[]> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/async_event/${lastId ? `?last_id=${lastId}` : ''}`, headers });
    expect(res.statusCode).toBe(200);
    const events = res.json().result as AsyncEvent[];
    if (events.length && (!jobId || events.some((e) => e.job_id === jobId))) return events;
    if (Date.now() > until) throw new Error('no async event arrived');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp({ config: { featureFlags: { GlobalAsyncQueries: true, EmbeddedSuperset: true } } });
  datasetId = await seedSalesDataset(t);
  ({ dashboardId, chartIds: [chartId] } = await seedDashboard(t, { title: 'Sales', datasetIds: [datasetId] }));
});

afterAll(async () => {
  await t.close();
  await closeAllConnections();
});

describe('memory event stream', () => {
  it('reads after last_id, keeps channels apart and stays bounded', async () => {
    const stream = createMemoryEventStream({ maxEventsPerChannel: 3 });
    const event = (job: string) => ({ channel_id: 'a', job_id: job, user_id: 1, status: 'done' as const, result_url: null, errors: [] });
    const ids = [];
    for (const job of ['1', '2', '3', '4']) ids.push(await stream.publish('a', event(job)));
    await stream.publish('b', event('other'));
    expect((await stream.read('a', null, 10)).map((e) => e.job_id)).toEqual(['2', '3', '4']);
    expect((await stream.read('a', ids[2]!, 10)).map((e) => e.job_id)).toEqual(['4']);
    expect((await stream.read('b', null, 10)).map((e) => e.job_id)).toEqual(['other']);
  });
});

describe('async chart data (in process)', () => {
  it('answers 202, publishes done and serves result_url equal to the sync result', async () => {
    const fresh = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'], orderby: [['region', false]] }] };
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload: fresh });
    expect(accepted.statusCode).toBe(202);
    const job = accepted.json();
    expect(job).toMatchObject({ status: 'pending', errors: [], user_id: t.users.alpha.id, job_id: expect.any(String), channel_id: expect.any(String) });
    expect(job.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{32}$/);

    const [event] = await waitForEvents(t.headers('alpha'), null, job.job_id);
    expect(event).toMatchObject({ job_id: job.job_id, channel_id: job.channel_id, status: 'done', result_url: job.result_url, errors: [] });
    const result = await t.app.inject({ method: 'GET', url: job.result_url, headers: t.headers('alpha') });
    expect(result.statusCode).toBe(200);
    // The cached hit of the same query context is what a synchronous request now answers.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload: fresh });
    expect(again.statusCode).toBe(200);
    expect(result.json().result[0].data).toEqual(again.json().result[0].data);
    expect(result.json().result[0]).toMatchObject({ colnames: ['region', 'count'], rowcount: 3, status: 'success' });

    // Nobody else reads it, and an unknown key is a 404 with the spec's message.
    expect((await t.app.inject({ method: 'GET', url: job.result_url, headers: t.headers('admin') })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: `/api/v1/chart/data/${'0'.repeat(32)}`, headers: t.headers('alpha') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cached data not found');
    // Events after the last id: none yet.
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/async_event/?last_id=${event!.id}`, headers: t.headers('alpha') });
    expect(after.json().result).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/async_event/?last_id=nope', headers: t.headers('alpha') })).statusCode).toBe(400);
  });

  it("answers a result_layout 'columns' job in that layout", async () => {
    const body = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'], orderby: [['region', true]] }], result_layout: 'columns' };
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload: body });
    expect(accepted.statusCode).toBe(202);
    const job = accepted.json();
    await waitForEvents(t.headers('alpha'), null, job.job_id);
    const [result] = (await t.app.inject({ method: 'GET', url: job.result_url, headers: t.headers('alpha') })).json().result;
    expect(result).not.toHaveProperty('data');
    expect(result.colnames).toEqual(['region', 'count']);
    expect(result.columns[0]).toEqual([...result.columns[0]].sort());
    expect(result.columns[1].reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
  });

  it('publishes an error event when the query fails, and refuses datasets the user may not read', async () => {
    const bad = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'], extras: { where: 'no_such_column = 1' } }], force: true };
    const gamma = await t.addUser('gamma-async', ['Gamma']);
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: t.headers('gamma-async') })).json().result;
    expect(before).toEqual([]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('gamma-async'), payload: bad });
    expect([403, 202]).toContain(refused.statusCode);
    expect(gamma.id).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: bad });
    expect(res.statusCode).toBe(202);
    const events = await waitForEvents(t.headers('admin'), null, res.json().job_id);
    const event = events.find((e) => e.job_id === res.json().job_id)!;
    expect(event).toMatchObject({ status: 'error', result_url: null });
    expect(event.errors[0]!.message).toBeTruthy();
  });

  it('keeps each user and each guest on their own channel (polling and WebSocket)', async () => {
    await t.addUser('alpha-two', ['Alpha']);
    const mine = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha-two'), payload: { ...chartBody(), force: true } });
    expect(mine.statusCode).toBe(202);
    const ws = await t.app.injectWS(ASYNC_EVENT_WS_PATH, { headers: t.headers('alpha-two') });
    const pushed = new Promise<AsyncEvent>((resolve) => ws.on('message', (data) => resolve(JSON.parse(String(data)))));
    const otherWs = await t.app.injectWS(ASYNC_EVENT_WS_PATH, { headers: t.headers('gamma') });
    const otherMessages: unknown[] = [];
    otherWs.on('message', (data) => otherMessages.push(String(data)));
    const event = await pushed;
    expect(event.job_id).toBe(mine.json().job_id);

    // Another user's poll never shows it, and a guest polling with its token sees only its own jobs.
    const gammaEvents = (await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: t.headers('gamma') })).json().result as AsyncEvent[];
    expect(gammaEvents.map((e) => e.job_id)).not.toContain(mine.json().job_id);
    const guestToken = async (username: string) =>
      mintGuestToken(t.config, { user: { username, first_name: username, last_name: '' }, resources: [{ type: 'dashboard', id: String(dashboardId) }], rls_rules: [] }, 'localhost:80');
    const guestA = { 'x-guesttoken': await guestToken('viewer') };
    const guestB = { 'x-guesttoken': await guestToken('viewer-b') };
    // A guest runs its dashboard's chart (guests send no query of their own: embedding/guest-payload.ts).
    const guestJob = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { ...guestA, host: 'localhost:80' }, payload: { ...chartBody(), form_data: { slice_id: chartId }, force: true } });
    expect(guestJob.statusCode).toBe(202);
    expect(guestJob.json().user_id).toBeNull();
    const guestEvents = await waitForEvents({ ...guestA, host: 'localhost:80' });
    expect(guestEvents.map((e) => e.job_id)).toEqual([guestJob.json().job_id]);
    const result = await t.app.inject({ method: 'GET', url: guestJob.json().result_url, headers: { ...guestA, host: 'localhost:80' } });
    expect(result.statusCode).toBe(200);
    const otherGuest = await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: { ...guestB, host: 'localhost:80' } });
    expect(otherGuest.json().result).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: guestJob.json().result_url, headers: { ...guestB, host: 'localhost:80' } })).statusCode).toBe(404);

    await new Promise((r) => setTimeout(r, 300));
    expect(otherMessages.map((m) => JSON.parse(m as string).job_id)).not.toContain(mine.json().job_id);
    ws.terminate();
    otherWs.terminate();
  });

  it('refuses a WebSocket without credentials and one from another site', async () => {
    await expect(t.app.injectWS(ASYNC_EVENT_WS_PATH, {})).rejects.toThrow();
    const ws = await t.app.injectWS(ASYNC_EVENT_WS_PATH, { headers: { cookie: 'x=1', origin: 'https://evil.example' } }).catch((e: unknown) => e);
    expect(ws).toBeInstanceOf(Error);
  });
});

describe('SQL Lab async', () => {
  it('publishes a done event with the results url when the query finishes', async () => {
    const db = await t.ctx.store.db.selectFrom('dbs').select('id').executeTakeFirstOrThrow();
    await t.ctx.store.db.updateTable('dbs').set({ expose_in_sqllab: 1, allow_run_async: 1, changed_on: nowIso() } as never).where('id', '=', db.id).execute();
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: t.headers('admin') })).json().result as AsyncEvent[];
    const lastId = before.at(-1)?.id ?? null;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: db.id, sql: 'SELECT 42 AS answer', runAsync: true, client_id: 'asyncev1' } });
    expect(res.statusCode).toBe(202);
    const events = await waitForEvents(t.headers('admin'), lastId, 'asyncev1');
    expect(events[0]).toMatchObject({ job_id: 'asyncev1', status: 'done', user_id: t.users.admin.id });
    const results = await t.app.inject({ method: 'GET', url: events[0]!.result_url!, headers: t.headers('admin') });
    expect(results.statusCode).toBe(200);
    expect(results.json().data).toEqual([{ answer: 42 }]);
  });
});
