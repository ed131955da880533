import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { closeAllConnections } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * X-Forwarded-* headers decide the client address (login lock-out key), the host (guest token audience)
 * and the scheme (secure cookies). They are believed only from LUMEN_TRUSTED_PROXIES.
 */
const CLIENT = '203.0.113.7';
const PROXY = '10.1.2.3';

async function failLogins(t: TestApp, username: string, times: number, headers: (i: number) => Record<string, string>, remoteAddress = CLIENT) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', remoteAddress, headers: headers(i), payload: { username, password: 'wrong' } });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('forwarded headers without trusted proxies (the default)', () => {
  let t: TestApp;
  let dashboardId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const salesId = await seedSalesDataset(t, 'sales');
    dashboardId = (await seedDashboard(t, { title: 'P', datasetIds: [salesId] })).dashboardId;
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('has no trusted proxies unless configured', () => {
    expect(t.config.trustedProxies).toEqual([]);
  });

  it('keeps the login lock-out when X-Forwarded-For rotates', async () => {
    const user = await t.addUser('rotator', ['Gamma']);
    const statuses = await failLogins(t, user.username, 10, (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(statuses.every((s) => s === 401)).toBe(true);
    const rotated = await failLogins(t, user.username, 5, (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }));
    expect(rotated).toEqual([429, 429, 429, 429, 429]);
    // Even the right password is refused while locked out.
    const right = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', remoteAddress: CLIENT, headers: { 'x-forwarded-for': '192.0.2.200' }, payload: { username: user.username, password: user.password } });
    expect(right.statusCode).toBe(429);
  });

  it('checks the guest token audience against the Host header, not X-Forwarded-Host', async () => {
    const mint = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      headers: { ...t.headers('admin'), host: 'other-tenant.example' },
      payload: { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: dashboardId }], rls: [] },
    });
    expect(mint.statusCode, mint.body).toBe(200);
    const token = mint.json().token as string;
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/me/', remoteAddress: CLIENT, headers: { host: 'bi.example.org', 'x-forwarded-host': 'other-tenant.example', 'x-guesttoken': token } });
    expect(forged.statusCode).toBe(401);
    const honest = await t.app.inject({ method: 'GET', url: '/api/v1/me/', remoteAddress: CLIENT, headers: { host: 'other-tenant.example', 'x-guesttoken': token } });
    expect(honest.statusCode).toBe(200);
  });

  it('does not mark the session cookie Secure because of X-Forwarded-Proto', async () => {
    const user = await t.addUser('plainhttp', ['Gamma']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/login/',
      remoteAddress: CLIENT,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      payload: new URLSearchParams({ username: user.username, password: user.password }).toString(),
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('forwarded headers from a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies: [`${PROXY}/32`, '192.168.0.0/16'] } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client address from X-Forwarded-For sent by the proxy', async () => {
    const user = await t.addUser('proxied', ['Gamma']);
    const first = await failLogins(t, user.username, 10, () => ({ 'x-forwarded-for': '198.51.100.1' }), PROXY);
    expect(first.every((s) => s === 401)).toBe(true);
    expect(await failLogins(t, user.username, 1, () => ({ 'x-forwarded-for': '198.51.100.1' }), PROXY)).toEqual([429]);
    // Another client behind the same proxy has its own count.
    expect(await failLogins(t, user.username, 1, () => ({ 'x-forwarded-for': '198.51.100.2' }), PROXY)).toEqual([401]);
  });

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    const user = await t.addUser('direct', ['Gamma']);
    await failLogins(t, user.username, 10, (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(await failLogins(t, user.username, 1, () => ({ 'x-forwarded-for': '198.51.100.99' }))).toEqual([429]);
  });

  it('honours X-Forwarded-Proto and -Host only from the proxy', async () => {
    const user = await t.addUser('secure', ['Gamma']);
    const login = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login/',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'bi.example.org', origin: 'https://bi.example.org', host: 'internal:8088' },
        payload: new URLSearchParams({ username: user.username, password: user.password }).toString(),
      });
    const viaProxy = await login('192.168.4.5');
    expect(viaProxy.statusCode).toBe(302);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/Secure/);
    // From elsewhere the forwarded host is ignored, so the Origin is another site.
    expect((await login(CLIENT)).statusCode).toBe(403);
  });
});
