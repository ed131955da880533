import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q } from '../resources/test-support';
import { verifyPassword } from '../security/passwords';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { expectMatrix, meWithSession, sessionCall, signIn } from './test-support';

const STRONG = 'violet-harbour-42';

describe.each(METADATA_DIALECTS)('/api/v1/security/users/ on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    const roles = await t.ctx.store.db.selectFrom('ab_role').select(['id', 'name']).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });
  afterAll(async () => t?.close());

  const newUser = (username: string, extra: object = {}) => ({
    username,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `${username}@example.com`,
    password: STRONG,
    roles: [roleIds.Gamma],
    ...extra,
  });

  it('creates, reads, lists, updates and deletes a user without ever returning the password or its hash', async () => {
    const created = await api.post('/api/v1/security/users/', newUser('ada', { active: true }));
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ username: 'ada', email: 'ada@example.com', roles: [roleIds.Gamma] });
    const id = created.body.id;
    const stored = await t.ctx.store.db.selectFrom('ab_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(STRONG, stored.password_hash)).toBe(true);
    expect(stored.created_by_fk).toBe(t.users.admin.id);

    const got = await api.get(`/api/v1/security/users/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      username: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      active: true,
      roles: [{ id: roleIds.Gamma, name: 'Gamma' }],
      login_count: 0,
      created_by: { id: t.users.admin.id },
    });
    const list = await api.get(`/api/v1/security/users/?${q({ filters: [{ col: 'username', opr: 'sw', value: 'ad' }], order_column: 'username', order_direction: 'asc' })}`);
    expect(list.body.result.map((u: any) => u.username)).toEqual(['ada', 'admin']);
    expect(list.body.list_columns).toContain('roles.name');
    for (const body of [created.body, got.body, list.body]) {
      expect(JSON.stringify(body)).not.toContain(STRONG);
      expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
    }

    const updated = await api.put(`/api/v1/security/users/${id}`, { first_name: 'Augusta', roles: [roleIds.Gamma, roleIds.sql_lab] });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id, result: { first_name: 'Augusta', roles: [roleIds.Gamma, roleIds.sql_lab] } });
    const after = await api.get(`/api/v1/security/users/${id}?${q({ columns: ['first_name', 'roles.name', 'changed_by.id'] })}`);
    expect(after.body.result).toEqual({ first_name: 'Augusta', roles: [{ name: 'Gamma' }, { name: 'sql_lab' }], changed_by: { id: t.users.admin.id } });

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'ada', password: STRONG, provider: 'db' } });
    const bearer = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer })).statusCode).toBe(200);
    expect((await api.del(`/api/v1/security/users/${id}`)).body).toEqual({ message: 'OK' });
    expect((await api.get(`/api/v1/security/users/${id}`)).status).toBe(404);
    // A deleted user's tokens stop working at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer })).statusCode).toBe(401);
  });

  it('filters by active flag and role, sorts and pages', async () => {
    await api.post('/api/v1/security/users/', newUser('pager_a', { active: false }));
    await api.post('/api/v1/security/users/', newUser('pager_b', { roles: [roleIds.Alpha] }));
    await api.post('/api/v1/security/users/', newUser('pager_c'));
    const inactive = await api.get(`/api/v1/security/users/?${q({ filters: [{ col: 'active', opr: 'eq', value: false }] })}`);
    expect(inactive.body.result.map((u: any) => u.username)).toEqual(['pager_a']);
    const alphas = await api.get(`/api/v1/security/users/?${q({ filters: [{ col: 'roles', opr: 'rel_m_m', value: roleIds.Alpha }], order_column: 'username', order_direction: 'desc' })}`);
    expect(alphas.body.result.map((u: any) => u.username)).toEqual(['pager_b', 'alpha']);
    const page = await api.get(`/api/v1/security/users/?${q({ filters: [{ col: 'username', opr: 'sw', value: 'pager_' }], order_column: 'username', page: 1, page_size: 2 })}`);
    expect(page.body).toMatchObject({ count: 3, result: [{ username: 'pager_c' }] });
    const bad = await api.get(`/api/v1/security/users/?${q({ filters: [{ col: 'password_hash', opr: 'eq', value: 'x' }] })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Filter column 'password_hash' is not allowed");
    const related = await api.get('/api/v1/security/users/related/roles');
    expect(related.body.result.map((r: any) => r.text)).toEqual(expect.arrayContaining(['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']));
  });

  it('refuses weak passwords with a 400 naming the rule, and bad fields with a message naming them', async () => {
    const cases: [string, string][] = [
      ['short1', 'at least 10 characters'],
      ['password123', 'most common passwords'],
      ['aaaaaaaaaaaa', 'at least 4 different characters'],
      ['bcdefghijklm', 'sequence'],
      ['weakling-ada-x', 'must not contain the username'],
    ];
    for (const [password, why] of cases) {
      const res = await api.post('/api/v1/security/users/', newUser('weakling', { password, username: 'weakling' }));
      expect(res.status, password).toBe(400);
      expect(res.body.message).toMatch(/^Password is too weak: /);
      expect(res.body.message).toContain(why);
    }
    expect((await api.post('/api/v1/security/users/', newUser('nomail', { email: 'not-an-email' }))).body.message).toContain("'email' must be an e-mail address");
    expect((await api.post('/api/v1/security/users/', newUser('noroles', { roles: [] }))).body.message).toContain("'roles' must name at least one role");
    const missing = await api.post('/api/v1/security/users/', { username: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toMatch(/Missing required field/);
    expect((await api.post('/api/v1/security/users/', newUser('hashy', { password_hash: 'x' }))).body.message).toContain("Unknown field 'password_hash'");
    const unknownRole = await api.post('/api/v1/security/users/', newUser('ghostrole', { roles: [9999] }));
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.message).toBe('Roles 9999 does not exist');
    const duplicate = await api.post('/api/v1/security/users/', newUser('Alpha'));
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toBe("A user with username 'Alpha' already exists");
    const weakChange = await api.put(`/api/v1/security/users/${t.users.gamma.id}`, { password: 'short' });
    expect(weakChange.status).toBe(400);
    const gamma = await t.ctx.store.db.selectFrom('ab_user').select('password_hash').where('id', '=', t.users.gamma.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(t.users.gamma.password, gamma.password_hash)).toBe(true);
  });

  it('lets only admins (or a role holding can_read/can_write on User) manage users; others get 403 naming the pair, anonymous 401', async () => {
    const target = (await api.post('/api/v1/security/users/', newUser('matrix'))).body.id;
    const reads = [
      { method: 'GET' as const, url: '/api/v1/security/users/' },
      { method: 'GET' as const, url: `/api/v1/security/users/${target}` },
      { method: 'GET' as const, url: '/api/v1/security/users/_info' },
      { method: 'GET' as const, url: '/api/v1/security/users/related/roles' },
    ];
    const writes = [
      { method: 'POST' as const, url: '/api/v1/security/users/', payload: newUser('matrix2') },
      { method: 'PUT' as const, url: `/api/v1/security/users/${target}`, payload: { first_name: 'M' } },
      { method: 'DELETE' as const, url: `/api/v1/security/users/${target}` },
    ];
    await expectMatrix(t, [...reads, ...writes], { admin: (s) => s < 300, alpha: 403, gamma: 403, anonymous: 401 });

    // A custom role with the User pairs manages users without being admin.
    const role = await api.post('/api/v1/security/roles/', { name: 'user_managers' });
    const pairs = await t.ctx.store.db.selectFrom('ab_permission_view').select('id').where('view_menu', '=', 'User').execute();
    await api.post(`/api/v1/security/roles/${role.body.id}/permissions`, { permission_view_menu_ids: pairs.map((p) => p.id) });
    await t.addUser('helpdesk', ['user_managers']);
    const made = await api.post('/api/v1/security/users/', newUser('by_helpdesk', { roles: [roleIds.Public] }), 'helpdesk');
    expect(made.status).toBe(201);
    expect((await api.put(`/api/v1/security/users/${made.body.id}`, { password: 'reset-harbour-12' }, 'helpdesk')).status).toBe(200);
    expect((await api.get('/api/v1/security/roles/', 'helpdesk')).body.message).toBe('You do not have the permission can_read on Role');

    // No escalation: it grants and acts on nothing beyond its own pairs.
    const grantGamma = await api.post('/api/v1/security/users/', newUser('by_helpdesk2'), 'helpdesk');
    expect(grantGamma.status).toBe(403);
    expect(grantGamma.body.message).toMatch(/^You cannot grant or change the role Gamma: it holds can_\w+ on \w+, which you do not hold$/);
    const promote = await api.put(`/api/v1/security/users/${made.body.id}`, { roles: [roleIds.Admin] }, 'helpdesk');
    expect(promote.body.message).toBe('You cannot grant or change the role Admin: it holds admin rights, which you do not hold');
    const takeover = await api.put(`/api/v1/security/users/${t.users.admin.id}`, { password: 'hijack-harbour-66' }, 'helpdesk');
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe('You cannot change the user admin: their role Admin holds admin rights, which you do not hold');
    expect((await api.del(`/api/v1/security/users/${t.users.alpha.id}`, 'helpdesk')).body.message).toMatch(/^You cannot change the user alpha: their role Alpha holds /);
  });

  it('a deactivated user cannot sign in, and its session and Bearer token stop working at once', async () => {
    const id = (await api.post('/api/v1/security/users/', newUser('leaver'))).body.id;
    const { session } = await signIn(t, 'leaver', STRONG);
    expect(session).toBeTruthy();
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'leaver', password: STRONG, provider: 'db' } });
    const bearer = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer })).statusCode).toBe(200);
    expect(await meWithSession(t, session!)).toBe(200);

    expect((await api.put(`/api/v1/security/users/${id}`, { active: false })).status).toBe(200);
    expect(await meWithSession(t, session!)).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: bearer });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('User is inactive or no longer exists');
    expect((await signIn(t, 'leaver', STRONG)).status).toBe(401);
    expect(await t.ctx.store.db.selectFrom('user_session').select('id').where('user_id', '=', id).execute()).toEqual([]);

    // Reactivated, the same password works again.
    await api.put(`/api/v1/security/users/${id}`, { active: true });
    expect((await signIn(t, 'leaver', STRONG)).status).toBe(200);
  });

  it('a password change ends the user’s other sessions but keeps the one it was made from', async () => {
    const id = (await api.post('/api/v1/security/users/', newUser('rotator', { roles: [roleIds.Admin] }))).body.id;
    const first = (await signIn(t, 'rotator', STRONG)).session!;
    const second = (await signIn(t, 'rotator', STRONG)).session!;
    const changed = await sessionCall(t, first, 'PUT', `/api/v1/security/users/${id}`, { password: 'another-harbour-77' });
    expect(changed.statusCode).toBe(200);
    expect(JSON.stringify(changed.json())).not.toContain('another-harbour-77');
    expect(await meWithSession(t, first)).toBe(200);
    expect(await meWithSession(t, second)).toBe(401);
    expect((await signIn(t, 'rotator', STRONG)).status).toBe(401);
    expect((await signIn(t, 'rotator', 'another-harbour-77')).status).toBe(200);

    // An admin changing someone else's password ends all of that user's sessions.
    const other = (await signIn(t, 'rotator', 'another-harbour-77')).session!;
    await api.put(`/api/v1/security/users/${id}`, { password: 'third-harbour-99' });
    expect(await meWithSession(t, first)).toBe(401);
    expect(await meWithSession(t, other)).toBe(401);
  });

  it('a password change revokes the Bearer access and refresh tokens issued before it', async () => {
    const id = (await api.post('/api/v1/security/users/', newUser('scripter'))).body.id;
    const tokenLogin = async (password: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'scripter', password, provider: 'db', refresh: true } })).json();
    const before = await tokenLogin(STRONG);
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${token}` } });
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/security/refresh', headers: { authorization: `Bearer ${token}` } });
    expect((await me(before.access_token)).statusCode).toBe(200);
    expect((await refresh(before.refresh_token)).statusCode).toBe(200);

    // A change of name keeps the tokens; a change of password does not.
    await api.put(`/api/v1/security/users/${id}`, { first_name: 'Renamed' });
    expect((await me(before.access_token)).statusCode).toBe(200);
    await api.put(`/api/v1/security/users/${id}`, { password: 'fresh-harbour-31' });
    const stale = await me(before.access_token);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Token was issued before the password changed');
    expect((await refresh(before.refresh_token)).statusCode).toBe(401);

    const after = await tokenLogin('fresh-harbour-31');
    expect((await me(after.access_token)).statusCode).toBe(200);
    const renewed = await refresh(after.refresh_token);
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('keeps at least one active admin', async () => {
    const admins = await t.ctx.store.db
      .selectFrom('ab_user as u')
      .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
      .select('u.id')
      .where('ur.role_id', '=', roleIds.Admin)
      .where('u.active', '=', 1)
      .execute();
    // Leave the harness admin as the only active admin.
    for (const { id } of admins) if (id !== t.users.admin.id) await api.put(`/api/v1/security/users/${id}`, { active: false });
    const refused = await api.put(`/api/v1/security/users/${t.users.admin.id}`, { active: false });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('At least one active user must keep the Admin role: this change would leave none');
    expect((await api.put(`/api/v1/security/users/${t.users.admin.id}`, { roles: [roleIds.Alpha] })).status).toBe(422);
    expect((await api.del(`/api/v1/security/users/${t.users.admin.id}`)).status).toBe(422);
    expect((await api.get('/api/v1/me/')).status).toBe(200);
  });
});
