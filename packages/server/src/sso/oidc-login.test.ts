import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../security/sessions';
import { createTestApp, type TestApp } from '../testing';
import { startTestOidcProvider, type TestOidcProvider } from '../testing/oidc-provider';
import { PENDING_LOGIN_COOKIE } from './pending-login-cookie';
import type { OidcSettings } from './sso-config';

const REDIRECT_URI = 'http://lumen.test/oauth-authorized/oidc/';
let idp: TestOidcProvider;

const settingsFor = (extra: Partial<OidcSettings> = {}): OidcSettings => ({
  label: 'Test IdP',
  autoRegister: true,
  defaultRole: 'Gamma',
  roleMapping: { analysts: ['Alpha'], admins: ['Admin'] },
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  scopes: ['openid', 'profile', 'email', 'groups'],
  roleClaim: 'groups',
  usernameClaim: 'preferred_username',
  redirectUri: REDIRECT_URI,
  ...extra,
});

beforeAll(async () => {
  idp = await startTestOidcProvider({ redirectUris: [REDIRECT_URI] });
  for (const [name, groups] of [
    ['alice', ['analysts']],
    ['carol', []],
    ['dave', ['admins']],
  ] as const) {
    idp.accounts.set(name, { password: `${name}-pw`, givenName: name[0].toUpperCase() + name.slice(1), familyName: 'Example', email: `${name}@example.org`, groups: [...groups] });
  }
});
afterAll(async () => {
  await idp?.stop();
});

/** A browser's cookies at the provider: enough of one to walk its redirects and login form. */
class ProviderBrowser {
  private cookies = new Map<string, string>();
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(url, idp.issuer), { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
  /** Follows the provider's redirects from the authorization URL through its login form to Lumen's callback URL. */
  async signIn(authUrl: string, login: string, password: string, deny = false): Promise<URL> {
    const toForm = await this.request(authUrl);
    const formUrl = new URL(toForm.headers.get('location')!, idp.issuer).href;
    expect((await this.request(formUrl)).status).toBe(200);
    const body = new URLSearchParams({ login, password, ...(deny ? { deny: '1' } : {}) });
    const posted = await this.request(`${formUrl}/login`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.status).toBe(303);
    const resumed = await this.request(posted.headers.get('location')!);
    return new URL(resumed.headers.get('location')!, idp.issuer);
  }
}

interface Started {
  authUrl: string;
  pending: string;
}

async function start(t: TestApp, next = '/chart/list/'): Promise<Started> {
  const res = await t.app.inject({ method: 'GET', url: `/login/oidc/?next=${encodeURIComponent(next)}` });
  expect(res.statusCode).toBe(302);
  const pending = res.cookies.find((c) => c.name === PENDING_LOGIN_COOKIE);
  expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth-authorized/' });
  return { authUrl: res.headers.location as string, pending: pending!.value };
}

const callback = (t: TestApp, url: URL, pending: string | null) =>
  t.app.inject({ method: 'GET', url: `/oauth-authorized/oidc/${url.search}`, cookies: pending ? { [PENDING_LOGIN_COOKIE]: pending } : {} });

async function signIn(t: TestApp, login: string, next = '/chart/list/') {
  const started = await start(t, next);
  const back = await new ProviderBrowser().signIn(started.authUrl, login, `${login}-pw`);
  return callback(t, back, started.pending);
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === SESSION_COOKIE && c.value)?.value;

async function rolesOf(t: TestApp, session: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/roles/', cookies: { [SESSION_COOKIE]: session } });
  expect(res.statusCode).toBe(200);
  return Object.keys(res.json().result.roles).sort();
}

describe('OpenID Connect sign-in against a real provider (oidc-provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { auth: { oidc: settingsFor(), ldap: null } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the provider for the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/providers/' });
    expect(res.json()).toEqual({ result: [{ provider: 'oidc', label: 'Test IdP', url: '/login/oidc/' }] });
  });

  it('redirects to the provider with PKCE (S256), state and nonce', async () => {
    const { authUrl } = await start(t);
    const url = new URL(authUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: idp.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge_method: 'S256', scope: 'openid profile email groups' });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)?.length).toBeGreaterThan(20);
  });

  it('creates the user at the first sign-in, with the default role and the roles the groups claim maps to, and goes to next', async () => {
    const res = await signIn(t, 'alice');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/chart/list/');
    const session = sessionOf(res)!;
    expect(await rolesOf(t, session)).toEqual(['Alpha', 'Gamma']);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: session } })).json().result;
    expect(me).toMatchObject({ username: 'alice', first_name: 'Alice', last_name: 'Example', email: 'alice@example.org' });
    const identity = await t.ctx.store.db.selectFrom('user_identity').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'oidc', subject: 'alice', mapped_roles: '["Alpha"]' });
  });

  it('replaces the mapped roles at the next sign-in when the claim changed, keeping roles granted by hand', async () => {
    const { id } = await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    const sqlLab = await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'sql_lab').executeTakeFirstOrThrow();
    await t.ctx.store.db.insertInto('ab_user_role').values({ user_id: id, role_id: sqlLab.id }).execute();
    idp.accounts.get('alice')!.groups = ['admins'];
    const res = await signIn(t, 'alice');
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Admin', 'Gamma', 'sql_lab']);
  });

  it('refuses a callback whose state belongs to another sign-in', async () => {
    const first = await start(t);
    const second = await start(t);
    const back = await new ProviderBrowser().signIn(first.authUrl, 'dave', 'dave-pw');
    const res = await callback(t, back, second.pending);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/?sso_error=failed&next=%2Fchart%2Flist%2F');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a code issued for another PKCE challenge even with a matching state (code injection)', async () => {
    const victim = await start(t);
    const attacker = await start(t);
    const stolen = await new ProviderBrowser().signIn(victim.authUrl, 'dave', 'dave-pw');
    // The attacker's own state, so only PKCE can tell that the code was issued to the other browser.
    stolen.searchParams.set('state', new URL(attacker.authUrl).searchParams.get('state')!);
    const res = await callback(t, stolen, attacker.pending);
    expect(res.headers.location).toBe('/login/?sso_error=failed&next=%2Fchart%2Flist%2F');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('sends a callback without its pending-login cookie back to the login page', async () => {
    const started = await start(t);
    const back = await new ProviderBrowser().signIn(started.authUrl, 'dave', 'dave-pw');
    const res = await callback(t, back, null);
    expect(res.headers.location).toBe('/login/?sso_error=expired');
    const forged = await callback(t, back, `${started.pending.slice(0, -2)}xx`);
    expect(forged.headers.location).toBe('/login/?sso_error=expired');
  });

  it('says so when the user cancels at the provider', async () => {
    const started = await start(t);
    const back = await new ProviderBrowser().signIn(started.authUrl, 'dave', 'dave-pw', true);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(t, back, started.pending);
    expect(res.headers.location).toBe('/login/?sso_error=denied&next=%2Fchart%2Flist%2F');
  });

  it('refuses a user deactivated in Lumen', async () => {
    expect(sessionOf(await signIn(t, 'carol'))).toBeTruthy();
    await t.ctx.store.db.updateTable('ab_user').set({ active: 0 }).where('username', '=', 'carol').execute();
    const res = await signIn(t, 'carol');
    expect(res.headers.location).toBe('/login/?sso_error=inactive&next=%2Fchart%2Flist%2F');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('ignores a next that leaves the site', async () => {
    const res = await signIn(t, 'dave', 'https://evil.example/');
    expect(res.headers.location).toBe('/');
  });
});

describe('OpenID Connect sign-in without auto-registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { auth: { oidc: settingsFor({ autoRegister: false }), ldap: null } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a user Lumen does not know and lets in one an admin created', async () => {
    const refused = await signIn(t, 'dave');
    expect(refused.headers.location).toBe('/login/?sso_error=unregistered&next=%2Fchart%2Flist%2F');
    expect(await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'dave').executeTakeFirst()).toBeUndefined();
    await t.addUser('dave', ['Gamma']);
    const res = await signIn(t, 'dave');
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Admin', 'Gamma']);
  });
});

describe('OpenID Connect sign-in on PostgreSQL metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'postgresql', config: { auth: { oidc: settingsFor(), ldap: null } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, links and refreshes the roles of an account as on SQLite', async () => {
    idp.accounts.set('gina', { password: 'gina-pw', givenName: 'Gina', familyName: 'Pg', email: 'gina@example.org', groups: ['analysts'] });
    expect(await rolesOf(t, sessionOf(await signIn(t, 'gina'))!)).toEqual(['Alpha', 'Gamma']);
    idp.accounts.get('gina')!.groups = [];
    expect(await rolesOf(t, sessionOf(await signIn(t, 'gina'))!)).toEqual(['Gamma']);
    const row = await t.ctx.store.db.selectFrom('ab_user').select('login_count').where('username', '=', 'gina').executeTakeFirstOrThrow();
    expect(row.login_count).toBe(2);
  });
});
