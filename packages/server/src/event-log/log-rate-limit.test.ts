import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { mintGuestToken } from '../embedding/guest-tokens';
import { closeAllConnections } from '../engines';
import { LumenError } from '../errors';
import { createTestApp, type TestApp } from '../testing/harness';
import { MAX_REQUEST_BYTES } from './log-events';
import { EventLogRateLimit, LOG_MAX_BYTES, LOG_MAX_REQUESTS } from './log-rate-limit';

describe('EventLogRateLimit', () => {
  it('counts requests and bytes per key within a window, then starts again', () => {
    let now = 0;
    const limit = new EventLogRateLimit({ windowMs: 60_000, maxRequests: 2, maxBytes: 100 }, () => now);
    limit.admitRequest('a');
    limit.admitRequest('a');
    expect(() => limit.admitRequest('a')).toThrow(LumenError);
    limit.admitRequest('b');
    limit.admitBytes('b', 60);
    expect(() => limit.admitBytes('b', 41)).toThrow(/size limit/);
    // A refused batch costs nothing: a smaller one still fits.
    limit.admitBytes('b', 40);
    now = 30_000;
    try {
      limit.admitRequest('a');
      expect.unreachable();
    } catch (error) {
      expect((error as LumenError).statusCode).toBe(429);
      expect((error as LumenError).message).toBe('Too many events logged (request limit): at most 2 requests and 0 MB of events per 60 s for each user or guest token. Try again in 30 s.');
    }
    now = 60_000;
    limit.admitRequest('a');
  });
});

describe('POST /api/v1/log/ limits', () => {
  let t: TestApp;
  let guestToken: string;
  const rowCount = async () => Number((await t.ctx.store.db.selectFrom('logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const post = (headers: Record<string, string>, events: unknown[]) => t.app.inject({ method: 'POST', url: '/api/v1/log/', headers, payload: { events } });
  /** ~1000 events of ~1000 bytes: just under the per-request cap. */
  const bigBatch = Array.from({ length: 1000 }, (_, i) => ({ event_name: 'spam', i, pad: 'x'.repeat(950) }));

  beforeAll(async () => {
    t = await createTestApp();
    const datasetId = await seedSalesDataset(t);
    const { dashboardId } = await seedDashboard(t, { title: 'Logged', datasetIds: [datasetId] });
    guestToken = await mintGuestToken(t.config, { user: { username: 'viewer', first_name: 'V', last_name: '' }, resources: [{ type: 'dashboard', id: String(dashboardId) }], rls_rules: [] }, 'localhost:80');
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('refuses one request whose events together exceed the cap', async () => {
    const fat = Array.from({ length: 1024 }, () => ({ event_name: 'fat', pad: 'y'.repeat(2000) }));
    const res = await post(t.headers('alpha'), fat);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The events of one request may take at most ${MAX_REQUEST_BYTES / 1024} KB, got ${Math.ceil((fat.length * JSON.stringify(fat[0]).length) / 1024)} KB`);
  });

  it('stops a guest token at the per-minute size budget with 429 and Retry-After', async () => {
    const guest = { 'x-guesttoken': guestToken, host: 'localhost:80' };
    const before = await rowCount();
    const statuses: number[] = [];
    let refused: { message: string; retryAfter: unknown } | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await post(guest, bigBatch);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = { message: res.json().message, retryAfter: res.headers['retry-after'] };
    }
    expect(statuses.filter((s) => s === 201).length).toBe(Math.floor(LOG_MAX_BYTES / (bigBatch.length * JSON.stringify({ ...bigBatch[0], guest_username: 'viewer' }).length)));
    expect(refused?.message).toMatch(/^Too many events logged \(size limit\): at most 120 requests and 5 MB of events per 60 s for each user or guest token\. Try again in \d+ s\.$/);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    const stored = (await rowCount()) - before;
    expect(stored).toBeLessThanOrEqual(5 * 1000 + 1000);
    // Others are not affected.
    expect((await post(t.headers('gamma'), [{ event_name: 'ok' }])).statusCode).toBe(201);
  });

  it('stops a user at the per-minute request budget', async () => {
    const headers = t.headers('admin');
    for (let i = 0; i < LOG_MAX_REQUESTS; i++) expect((await post(headers, [{ event_name: 'tick' }])).statusCode).toBe(201);
    const refused = await post(headers, [{ event_name: 'tick' }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/request limit/);
  });
});
