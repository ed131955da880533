import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../security/sessions';
import { createTestApp, type TestApp } from '../testing';
import { LDAP_GROUPS, LDAP_PEOPLE, slapdAvailable, startTestDirectory, type TestDirectory } from '../testing/slapd';
import type { LdapSettings } from './sso-config';

const INVALID = 'Invalid login. Please try again.';
const users = [
  { uid: 'alice', password: 'wonder-land-1', givenName: 'Alice', sn: 'Liddell', mail: 'alice@example.org' },
  { uid: 'bob', password: 'builder-2', givenName: 'Bob', sn: 'Builder', mail: 'bob@example.org' },
  { uid: 'carol', password: 'carol-3', givenName: 'Carol', sn: 'Singer', mail: 'carol@example.org' },
];
const groups = [
  { cn: 'analysts', members: ['alice'] },
  { cn: 'sql-people', members: ['alice', 'bob'] },
];

const settingsFor = (directory: TestDirectory, extra: Partial<LdapSettings> = {}): LdapSettings => ({
  label: 'Company directory',
  autoRegister: true,
  defaultRole: 'Gamma',
  roleMapping: { analysts: ['Alpha'], [`cn=sql-people,${LDAP_GROUPS}`]: ['sql_lab'] },
  url: directory.url,
  bindDn: directory.bindDn,
  bindPassword: directory.bindPassword,
  searchBase: LDAP_PEOPLE,
  searchFilter: '(uid={username})',
  usernameAttribute: 'uid',
  groupAttribute: 'memberOf',
  groupSearchBase: null,
  groupSearchFilter: '(member={dn})',
  groupNameAttribute: 'cn',
  startTls: false,
  timeoutMs: 5000,
  ...extra,
});

const hasSlapd = slapdAvailable();
let directory: TestDirectory;

beforeAll(async () => {
  if (hasSlapd) directory = await startTestDirectory(users, groups);
});
afterAll(async () => {
  await directory?.stop();
});

async function appWith(extra: Partial<LdapSettings> = {}): Promise<TestApp> {
  return createTestApp({ config: { auth: { oidc: null, ldap: settingsFor(directory, extra) } } });
}

const formLogin = (t: TestApp, username: string, password: string, next = '/chart/list/') =>
  t.app.inject({
    method: 'POST',
    url: '/login/ldap/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, next }).toString(),
  });
const jsonLogin = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/login/ldap/', headers: { accept: 'application/json' }, payload: { username, password } });

async function rolesOf(t: TestApp, session: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/roles/', cookies: { [SESSION_COOKIE]: session } });
  expect(res.statusCode).toBe(200);
  return Object.keys(res.json().result.roles).sort();
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

describe.skipIf(!hasSlapd)('LDAP sign-in against a real OpenLDAP (slapd)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the directory as a provider for the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/providers/' });
    expect(res.json()).toEqual({ result: [{ provider: 'ldap', label: 'Company directory', url: '/login/ldap/' }] });
  });

  it('creates the user at the first sign-in with the default role and the roles their groups map to (memberOf)', async () => {
    const res = await formLogin(t, 'alice', 'wonder-land-1');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/chart/list/');
    const session = sessionOf(res)!;
    expect(session).toBeTruthy();
    expect(await rolesOf(t, session)).toEqual(['Alpha', 'Gamma', 'sql_lab']);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: session } })).json().result;
    expect(me).toMatchObject({ username: 'alice', first_name: 'Alice', last_name: 'Liddell', email: 'alice@example.org' });
    const row = await t.ctx.store.db.selectFrom('ab_user').select(['password_hash', 'login_count']).where('username', '=', 'alice').executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, login_count: 1 });
    // No password of its own: the password form does not let the account in.
    const viaPassword = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'alice', password: 'wonder-land-1' } });
    expect(viaPassword.statusCode).toBe(401);
  });

  it('replaces the mapped roles at each sign-in when the groups change', async () => {
    await formLogin(t, 'bob', 'builder-2');
    await directory.modify(`dn: cn=analysts,${LDAP_GROUPS}\nchangetype: modify\nadd: member\nmember: uid=bob,${LDAP_PEOPLE}\n`);
    await directory.modify(`dn: cn=sql-people,${LDAP_GROUPS}\nchangetype: modify\ndelete: member\nmember: uid=bob,${LDAP_PEOPLE}\n`);
    const res = await formLogin(t, 'bob', 'builder-2');
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Alpha', 'Gamma']);
  });

  it('issues Bearer tokens through the JWT login API with provider ldap, as the incumbent does', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'alice', password: 'wonder-land-1', provider: 'ldap' } });
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${ok.json().access_token}` } });
    expect(me.json().result.username).toBe('alice');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'alice', password: 'nope', provider: 'ldap' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: INVALID });
  });

  it('refuses a wrong password and an unknown user with the password form words', async () => {
    for (const [username, password] of [
      ['alice', 'not-her-password'],
      ['nobody', 'wonder-land-1'],
    ]) {
      const form = await formLogin(t, username, password);
      expect(form.statusCode).toBe(302);
      expect(form.headers.location).toBe('/login/?error=1&provider=ldap&next=%2Fchart%2Flist%2F');
      expect(sessionOf(form)).toBeUndefined();
      const json = await jsonLogin(t, username, password);
      expect(json.statusCode).toBe(401);
      expect(json.json()).toEqual({ message: INVALID });
    }
  });

  it('escapes filter syntax in the username (no LDAP injection)', async () => {
    for (const username of ['*)(uid=*', '*', 'ali*', 'alice)(|(uid=*', 'alice\\2a']) {
      const res = await jsonLogin(t, username, 'wonder-land-1');
      expect(res.statusCode, username).toBe(401);
    }
  });

  it('refuses a user deactivated in Lumen although the directory accepts the password', async () => {
    await formLogin(t, 'carol', 'carol-3');
    await t.ctx.store.db.updateTable('ab_user').set({ active: 0 }).where('username', '=', 'carol').execute();
    const res = await jsonLogin(t, 'carol', 'carol-3');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID });
  });

  it('counts failures in the login throttle: after ten, even the right password is refused', async () => {
    for (let i = 0; i < 10; i++) expect((await jsonLogin(t, 'bob', `wrong-${i}`)).statusCode).toBe(401);
    const res = await jsonLogin(t, 'bob', 'builder-2');
    expect(res.statusCode).toBe(429);
    // The password form shares the count: the same name from the same address is blocked there too.
    const db = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'bob', password: 'whatever' } });
    expect(db.statusCode).toBe(429);
  });
});

describe.skipIf(!hasSlapd)('LDAP sign-in with a group search and without auto-registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ autoRegister: false, groupSearchBase: LDAP_GROUPS, roleMapping: { 'sql-people': ['sql_lab'] } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a directory user without a Lumen account, and signs in one an admin created, with searched groups mapped', async () => {
    expect((await jsonLogin(t, 'alice', 'wonder-land-1')).statusCode).toBe(401);
    expect(await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'alice').executeTakeFirst()).toBeUndefined();
    await t.addUser('alice', ['Gamma']);
    const res = await formLogin(t, 'alice', 'wonder-land-1', '/');
    expect(res.statusCode).toBe(302);
    expect(await rolesOf(t, sessionOf(res)!)).toEqual(['Gamma', 'sql_lab']);
  });
});
