import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const cookieFrom = (setCookie: string | string[] | undefined): string => {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (first ?? '').split(';')[0];
};

describe.each(METADATA_DIALECTS)('security on %s metadata', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /health with OK once ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
  });

  it('issues a Bearer token for valid credentials and refuses bad ones', async () => {
    const { username, password } = t.users.alpha;
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username, password, provider: 'db', refresh: true } });
    expect(ok.statusCode).toBe(200);
    const { access_token, refresh_token } = ok.json();
    expect(access_token).toMatch(/^ey/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ username: 'alpha', is_active: true });
    expect(Object.keys(me.json().result.roles)).toEqual(['Alpha']);
    expect(JSON.stringify(me.json())).not.toContain(password);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/security/refresh', headers: { authorization: `Bearer ${refresh_token}` } });
    expect(refreshed.statusCode).toBe(200);
    // A refresh token is not an access token.
    const misuse = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${refresh_token}` } });
    expect(misuse.statusCode).toBe(401);

    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username, password: 'wrong', provider: 'db' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid login. Please try again.');
  });

  it('rejects malformed login bodies with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('password');
    const notJson = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses forged and missing tokens with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/' })).statusCode).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyIsImlzcyI6Imx1bWVuIn0.c2lnbmF0dXJl';
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    // A guest token is not accepted until embedding installs its verifier.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { 'x-guesttoken': 'abc' } })).statusCode).toBe(401);
  });

  it('runs a cookie session through login form, CSRF and logout', async () => {
    const { username, password } = t.users.gamma;
    const failed = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username, password: 'nope', next: '/chart/list/' }) });
    expect(failed.statusCode).toBe(302);
    expect(failed.headers.location).toBe('/login/?error=1&next=%2Fchart%2Flist%2F');

    const login = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username, password, next: '/chart/list/' }) });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/chart/list/');
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = cookieFrom(login.headers['set-cookie']);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { cookie } });
    expect(me.json().result.username).toBe('gamma');

    const csrf = await t.app.inject({ method: 'GET', url: '/api/v1/security/csrf_token/', headers: { cookie } });
    const token = csrf.json().result as string;
    expect(token.length).toBeGreaterThan(20);

    // Unsafe methods on a cookie session need the CSRF token.
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/security/logout', headers: { cookie } });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors[0].error_type).toBe('FRONTEND_CSRF_ERROR');
    expect(noToken.json().message).toContain('CSRF token is missing');
    const wrongToken = await t.app.inject({ method: 'POST', url: '/api/v1/security/logout', headers: { cookie, 'x-csrftoken': 'x' } });
    expect(wrongToken.json().message).toContain('CSRF token is invalid');

    const logout = await t.app.inject({ method: 'GET', url: '/logout/', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/login/');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses cross-site form posts (login CSRF) but accepts same-origin ones', async () => {
    const { username, password } = t.users.gamma;
    const cross = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username, password }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', host: 'localhost:8088' } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().message).toContain('Cross-site request from https://evil.example refused');
    const same = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username, password }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8088', host: 'localhost:8088' } });
    expect(same.statusCode).toBe(302);
  });

  it('never redirects login to another site', async () => {
    const { username, password } = t.users.gamma;
    const res = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username, password, next: '//evil.example/x' }) });
    expect(res.headers.location).toBe('/');
  });

  it('answers JSON logins for the SPA', async () => {
    const { username, password } = t.users.admin;
    const res = await t.app.inject({ method: 'POST', url: '/login/', headers: { accept: 'application/json' }, payload: { username, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.username).toBe('admin');
    const bad = await t.app.inject({ method: 'POST', url: '/login/', headers: { accept: 'application/json' }, payload: { username, password: 'x' } });
    expect(bad.statusCode).toBe(401);
  });

  it('throttles repeated failed logins', async () => {
    const user = await t.addUser(`throttled_${dialect}`, ['Gamma']);
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: user.username, password: 'wrong' } });
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: user.username, password: user.password } });
    expect(blocked.statusCode).toBe(429);
  });

  it('returns 404 JSON for unknown API paths and 401 before that when anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing/here', headers: t.headers('admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/v1/nothing/here');
  });
});
