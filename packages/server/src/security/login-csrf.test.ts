import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { LOGIN_CSRF_COOKIE } from './login-csrf';
import { SESSION_COOKIE } from './sessions';

const form = (fields: Record<string, string>, cookie: string) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  payload: new URLSearchParams(fields).toString(),
});

/** What the incumbent's API clients do: read the hidden field's value from the login page. */
const hiddenToken = (html: string): string => {
  const match = /<input id="csrf_token" name="csrf_token" type="hidden" value="([^"]+)">/.exec(html);
  if (!match) throw new Error('no csrf_token field on the login page');
  return match[1]!;
};

describe('form login as the incumbent\'s API clients do it', () => {
  let t: TestApp;
  let appDir: string;
  const savedAppDir = process.env.LUMEN_APP_DIR;
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'lumen-login-app-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    process.env.LUMEN_APP_DIR = appDir;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    if (savedAppDir === undefined) delete process.env.LUMEN_APP_DIR;
    else process.env.LUMEN_APP_DIR = savedAppDir;
    rmSync(appDir, { recursive: true, force: true });
  });

  const signIn = async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/' });
    expect(page.statusCode).toBe(200);
    const token = hiddenToken(page.body);
    const loginCookie = page.cookies.find((c) => c.name === LOGIN_CSRF_COOKIE)!;
    expect(loginCookie.httpOnly).toBe(true);
    const { admin } = t.users;
    const login = await t.app.inject({
      method: 'POST',
      url: '/login/',
      ...form({ username: admin.username, password: admin.password, csrf_token: token }, `${LOGIN_CSRF_COOKIE}=${loginCookie.value}`),
    });
    expect(login.statusCode).toBe(302);
    const session = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return { token, cookie: `${SESSION_COOKIE}=${session.value}` };
  };

  it('serves a csrf_token field whose value is the session\'s CSRF token after login', async () => {
    const { token, cookie } = await signIn();
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/chart/', headers: { cookie, 'x-csrftoken': token }, payload: { slice_name: 'x', viz_type: 'table', datasource_id: 999, datasource_type: 'table' } });
    // Past the CSRF check: the chart is refused for its missing dataset, not for the token.
    expect(write.statusCode).not.toBe(400);
    const csrf = await t.app.inject({ method: 'GET', url: '/api/v1/security/csrf_token/', headers: { cookie } });
    expect(csrf.json().result).toBe(token);
  });

  it('still refuses a cookie-session write without the token, or with another', async () => {
    const { cookie } = await signIn();
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/v1/chart/1', headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('CSRF token is missing');
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/v1/chart/1', headers: { cookie, 'x-csrftoken': 'A'.repeat(43) } });
    expect(wrong.json().message).toContain('CSRF token is invalid');
  });

  it('refuses a login form whose csrf_token is not the page\'s', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/' });
    const loginCookie = page.cookies.find((c) => c.name === LOGIN_CSRF_COOKIE)!;
    const { admin } = t.users;
    for (const [token, cookie] of [['B'.repeat(43), `${LOGIN_CSRF_COOKIE}=${loginCookie.value}`], [hiddenToken(page.body), '']] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username: admin.username, password: admin.password, csrf_token: token }, cookie) });
      expect(res.statusCode).toBe(400);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('exempts /api/v1/chart/data from CSRF, as the incumbent does', async () => {
    const { cookie } = await signIn();
    const data = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { cookie }, payload: { datasource: { id: 999, type: 'table' }, queries: [{}] } });
    expect(data.statusCode).not.toBe(400);
    expect(JSON.stringify(data.json())).not.toContain('CSRF');
  });

  it('never asks a Bearer-authenticated API call for a CSRF token, even with a session cookie', async () => {
    const { cookie } = await signIn();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/chart/999', headers: { cookie, ...t.headers('admin') } });
    expect(res.statusCode).toBe(404);
  });
});
