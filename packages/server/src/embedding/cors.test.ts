import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllConnections } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';
import { AllowedOriginsCache } from './cors';
import { seedDashboard, seedSalesDataset } from './test-seed';

const HOST = 'https://host.example';
const OTHER = 'https://evil.example';

describe('CORS for guest-token calls', () => {
  let t: TestApp;
  let dashboard: { dashboardId: number; chartIds: number[] };
  let token: string;

  const preflight = (origin: string, requestHeaders = 'x-guesttoken,content-type', url = '/api/v1/chart/data') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders },
    });
  const guestGet = (origin: string, url: string, guestToken = token) => t.app.inject({ method: 'GET', url, headers: { origin, 'x-guesttoken': guestToken } });

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    const sales = await seedSalesDataset(t, 'cors_sales');
    dashboard = await seedDashboard(t, { title: 'Embedded', datasetIds: [sales] });
    const reg = await t.app.inject({ method: 'POST', url: `/api/v1/dashboard/${dashboard.dashboardId}/embedded`, headers: t.headers('admin'), payload: { allowed_domains: [HOST] } });
    expect(reg.statusCode, reg.body).toBe(200);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      headers: t.headers('admin'),
      payload: { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: dashboard.dashboardId }], rls: [] },
    });
    token = minted.json().token as string;
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('answers the preflight of an allowed origin, without credentials', async () => {
    const res = await preflight(HOST);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(HOST);
    expect(res.headers['access-control-allow-headers']).toBe('X-GuestToken, Content-Type');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toContain('Origin');
    // Any API path: the preflight is answered before routing decides anything.
    expect((await preflight(HOST, 'X-GuestToken', `/api/v1/chart/${dashboard.chartIds[0]}`)).headers['access-control-allow-origin']).toBe(HOST);
  });

  it('gives other origins and non-guest preflights no CORS headers', async () => {
    const denied = await preflight(OTHER);
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.headers['access-control-allow-headers']).toBeUndefined();
    const cookieStyle = await preflight(HOST, 'content-type,x-csrftoken');
    expect(cookieStyle.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('adds the origin to guest-token replies, errors included', async () => {
    const ok = await guestGet(HOST, `/api/v1/dashboard/${dashboard.dashboardId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(HOST);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(ok.headers.vary)).toContain('Origin');
    // A bad token is a readable 401 for the page, not an opaque network error.
    const bad = await guestGet(HOST, `/api/v1/dashboard/${dashboard.dashboardId}`, `${token.slice(0, -4)}AAAA`);
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['access-control-allow-origin']).toBe(HOST);
    const data = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { origin: HOST, 'x-guesttoken': token, 'content-type': 'application/json' },
      payload: { datasource: { id: (await t.ctx.store.db.selectFrom('slices').select('datasource_id').where('id', '=', dashboard.chartIds[0]).executeTakeFirstOrThrow()).datasource_id, type: 'table' }, form_data: { slice_id: dashboard.chartIds[0] }, queries: [{ columns: [], metrics: ['count'] }] },
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.headers['access-control-allow-origin']).toBe(HOST);
  });

  it('never adds CORS headers for another origin, a session or a Bearer call', async () => {
    expect((await guestGet(OTHER, `/api/v1/dashboard/${dashboard.dashboardId}`)).headers['access-control-allow-origin']).toBeUndefined();
    const bearer = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashboard.dashboardId}`, headers: { origin: HOST, ...t.headers('admin') } });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['access-control-allow-origin']).toBeUndefined();
    const login = await t.app.inject({ method: 'POST', url: '/login/', headers: { accept: 'application/json' }, payload: { username: 'admin', password: t.users.admin.password } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0];
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { origin: HOST, cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('follows registration changes at once', async () => {
    const url = `/api/v1/dashboard/${dashboard.dashboardId}/embedded`;
    const put = (domains: string[]) => t.app.inject({ method: 'PUT', url, headers: t.headers('admin'), payload: { allowed_domains: domains } });
    expect((await put([HOST, OTHER])).statusCode).toBe(200);
    expect((await preflight(OTHER)).headers['access-control-allow-origin']).toBe(OTHER);
    expect((await put([HOST])).statusCode).toBe(200);
    expect((await preflight(OTHER)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(HOST)).headers['access-control-allow-origin']).toBe(HOST);
  });
});

describe('AllowedOriginsCache', () => {
  it('loads once per TTL and again after clear() or a failed load', async () => {
    let now = 0;
    const load = vi.fn(async () => new Set(['https://a.example']));
    const cache = new AllowedOriginsCache(load, 1_000, () => now);
    expect(await cache.has('https://a.example')).toBe(true);
    expect(await cache.has('https://b.example')).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1_001;
    await cache.has('https://a.example');
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear();
    await cache.has('https://a.example');
    expect(load).toHaveBeenCalledTimes(3);
    load.mockRejectedValueOnce(new Error('db down'));
    cache.clear();
    await expect(cache.has('https://a.example')).rejects.toThrow('db down');
    expect(await cache.has('https://a.example')).toBe(true);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
