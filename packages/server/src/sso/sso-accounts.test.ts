import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import type { OidcSettings } from './sso-config';

/** An OpenID provider that is configured but never asked: creating users does not talk to it. */
const oidc: OidcSettings = {
  label: 'Acme SSO',
  autoRegister: true,
  linkExistingUsers: false,
  defaultRole: 'Gamma',
  roleMapping: {},
  issuer: 'http://127.0.0.1:1',
  clientId: 'lumen',
  clientSecret: 's',
  scopes: ['openid'],
  roleClaim: 'groups',
  usernameClaim: 'preferred_username',
  redirectUri: null,
};

const newUser = (t: TestApp, username: string, gammaId: number, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/security/users/',
    headers: t.headers('admin'),
    payload: { username, first_name: 'Sam', last_name: 'Sso', email: `${username}@example.org`, roles: [gammaId], ...extra },
  });

async function gammaOf(t: TestApp): Promise<number> {
  return (await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow()).id;
}

describe('users for single sign-on (no password) with a provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { auth: { oidc, ldap: null } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a user without a password (missing or empty), who cannot use the password form', async () => {
    const gamma = await gammaOf(t);
    for (const [username, extra] of [
      ['sso-missing', {}],
      ['sso-empty', { password: '' }],
    ] as const) {
      const res = await newUser(t, username, gamma, extra);
      expect(res.statusCode, username).toBe(201);
      expect(JSON.stringify(res.json())).not.toMatch(/password/);
      const row = await t.ctx.store.db.selectFrom('ab_user').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
      for (const password of ['', 'anything-at-all-1', 'null']) {
        const login = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username, password, provider: 'db' } });
        expect(login.statusCode, `${username} / ${JSON.stringify(password)}`).not.toBe(200);
      }
      const form = await t.app.inject({
        method: 'POST',
        url: '/login/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, password: 'anything-at-all-1', next: '/' }).toString(),
      });
      expect(form.headers.location).toMatch(/^\/login\/\?error=1/);
    }
  });

  it('still checks the strength of a password that is given', async () => {
    const res = await newUser(t, 'sso-weak', await gammaOf(t), { password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password is too weak/);
  });

  it('lets an admin give an SSO-only user a password later (Reset password)', async () => {
    const created = await newUser(t, 'sso-later', await gammaOf(t));
    const id = created.json().id;
    const reset = await t.app.inject({ method: 'PUT', url: `/api/v1/security/users/${id}`, headers: t.headers('admin'), payload: { password: 'later-harbour-31' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'sso-later', password: 'later-harbour-31', provider: 'db' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('users without single sign-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires a password: a missing or empty one is a 400 naming the field', async () => {
    const gamma = await gammaOf(t);
    for (const extra of [{}, { password: '' }]) {
      const res = await newUser(t, 'no-sso', gamma, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe("Missing required field 'password'");
    }
    expect(await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'no-sso').executeTakeFirst()).toBeUndefined();
  });
});
