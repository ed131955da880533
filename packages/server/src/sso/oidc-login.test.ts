import { sql } from 'kysely';
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
  linkExistingUsers: false,
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
    // Same usernames as Lumen's own (harness) accounts with passwords.
    ['admin', ['admins']],
    ['alpha', []],
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

/** An account an admin creates for single sign-on: POST /api/v1/security/users/ without a password. */
async function addSsoUser(t: TestApp, username: string, roles = ['Gamma']): Promise<number> {
  const ids = await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', 'in', roles).execute();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/security/users/',
    headers: t.headers('admin'),
    payload: { username, first_name: username, last_name: 'Sso', email: `${username}@lumen.example`, roles: ids.map((r) => r.id) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** What a refused sign-in must leave untouched: users, identities, role grants. */
async function snapshot(t: TestApp) {
  const db = t.ctx.store.db;
  return {
    users: await db.selectFrom('ab_user').select(['id', 'username', 'login_count', 'last_login', 'password_hash']).orderBy('id').execute(),
    identities: await db.selectFrom('user_identity').selectAll().orderBy('user_id').execute(),
    grants: await db.selectFrom('ab_user_role').select(['user_id', 'role_id']).orderBy('user_id').orderBy('role_id').execute(),
  };
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

  it('refuses an identity whose username is a Lumen account with a password (no takeover of admin), writing nothing', async () => {
    for (const name of ['admin', 'alpha']) {
      const before = await snapshot(t);
      const res = await signIn(t, name);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login/?sso_error=account_exists&next=%2Fchart%2Flist%2F');
      expect(sessionOf(res)).toBeUndefined();
      expect(await snapshot(t)).toEqual(before);
    }
    // The local admin is untouched and still signs in with its password.
    const local = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'admin', password: t.users.admin.password, provider: 'db' } });
    expect(local.statusCode).toBe(200);
  });

  it('links the first sign-in to a password-less account an admin created for single sign-on', async () => {
    idp.accounts.set('erin', { password: 'erin-pw', givenName: 'Erin', familyName: 'Example', email: 'erin@example.org', groups: ['analysts'] });
    const id = await addSsoUser(t, 'erin', ['Gamma']);
    const res = await signIn(t, 'erin');
    expect(res.headers.location).toBe('/chart/list/');
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: sessionOf(res)! } })).json().result;
    expect(me.id).toBe(id);
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Alpha', 'Gamma']);
    expect(await t.ctx.store.db.selectFrom('user_identity').select(['provider', 'subject']).where('user_id', '=', id).executeTakeFirst()).toEqual({ provider: 'oidc', subject: 'erin' });
    // Linked now: another identity with the same username is a different person.
    expect(await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'erin').execute()).toHaveLength(1);
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

  it('refuses a user Lumen does not know and lets in one an admin created for single sign-on', async () => {
    const refused = await signIn(t, 'dave');
    expect(refused.headers.location).toBe('/login/?sso_error=unregistered&next=%2Fchart%2Flist%2F');
    expect(await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'dave').executeTakeFirst()).toBeUndefined();
    await addSsoUser(t, 'dave', ['Gamma']);
    const res = await signIn(t, 'dave');
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Admin', 'Gamma']);
  });

  it('refuses a same-named account that has a password, even without auto-registration', async () => {
    const res = await signIn(t, 'alpha');
    expect(res.headers.location).toBe('/login/?sso_error=account_exists&next=%2Fchart%2Flist%2F');
  });
});

describe('OpenID Connect sign-in with linkExistingUsers: true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { auth: { oidc: settingsFor({ linkExistingUsers: true }), ldap: null } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('links the identity to the existing account of the same username, password and all (the documented risk)', async () => {
    const res = await signIn(t, 'alpha');
    expect(res.headers.location).toBe('/chart/list/');
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: sessionOf(res)! } })).json().result;
    expect(me.id).toBe(t.users.alpha.id);
    // The local password keeps working alongside.
    const local = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'alpha', password: t.users.alpha.password, provider: 'db' } });
    expect(local.statusCode).toBe(200);
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

  it('signs in two concurrent first sign-ins of the same new user to one account (no 500 on the duplicate username)', async () => {
    idp.accounts.set('hank', { password: 'hank-pw', givenName: 'Hank', familyName: 'Pg', email: 'hank@example.org', groups: ['analysts'] });
    const flows = await Promise.all(
      [0, 1].map(async () => {
        const started = await start(t);
        return { started, back: await new ProviderBrowser().signIn(started.authUrl, 'hank', 'hank-pw') };
      }),
    );
    const db = t.ctx.store.db;
    // Force the race: a SHARE lock on ab_user lets both callbacks read (no account yet) but holds their
    // inserts until both wait; released, both insert and the second meets the unique username.
    const results = await db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE ab_user IN SHARE MODE`.execute(trx);
      const pending = flows.map(({ started, back }) => callback(t, back, started.pending));
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where relation = 'ab_user'::regclass and not granted`.execute(db);
        if (Number(rows[0].n) >= 2) break;
        if (Date.now() > deadline) throw new Error('the two sign-ins never both waited to create the account');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return pending;
    });
    const responses = await Promise.all(results);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/chart/list/');
      expect(sessionOf(res)).toBeTruthy();
    }
    const accounts = await db.selectFrom('ab_user').select(['id', 'login_count']).where('username', '=', 'hank').execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0].login_count).toBe(2);
    expect(await db.selectFrom('user_identity').select('user_id').where('subject', '=', 'hank').execute()).toEqual([{ user_id: accounts[0].id }]);
    const sessions = responses.map((r) => sessionOf(r)!);
    for (const session of sessions) expect(await rolesOf(t, session)).toEqual(['Alpha', 'Gamma']);
  });
});
